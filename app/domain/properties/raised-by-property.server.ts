/**
 * "Raised" for the property whose id is `propertyId` (an SQL expression), as the spec defines
 * it: the sum of total_investment of its confirmed investments, read from the rows the
 * investments trigger adds (ADR 0078), a property's few rows rather than its investments. The
 * one definition every statement that shows it (the catalogue's cards, the invest page) embeds,
 * as the two-place text the pages show.
 */
export const raisedSql = (propertyId: string) =>
  `(SELECT coalesce(sum(r.raised), 0)::numeric(16,2)::text FROM property_raised r WHERE r.property_id = ${propertyId})`;

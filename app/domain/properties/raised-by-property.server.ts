import type { Db } from "~/services/db.server";

/**
 * "Raised" per property, as the spec defines it: the sum of total_investment of confirmed
 * investments, read from the sums the investments trigger keeps (ADR 0078), one row per property.
 */
export async function raisedByProperty(db: Db, propertyIds: string[]): Promise<Map<string, string>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db.propertyRaised.findMany({ where: { propertyId: { in: propertyIds } }, select: { propertyId: true, raised: true } });
  return new Map(rows.map((row) => [row.propertyId, row.raised.toFixed(2)]));
}

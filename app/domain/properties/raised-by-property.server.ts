import type { Db } from "~/services/db.server";

/**
 * "Raised" per property, as the spec defines it: the sum of total_investment of confirmed
 * investments, read from the rows the investments trigger adds (ADR 0078): a property's few
 * rows, not its investments.
 */
export async function raisedByProperty(db: Db, propertyIds: string[]): Promise<Map<string, string>> {
  if (propertyIds.length === 0) return new Map();
  const sums = await db.propertyRaised.groupBy({
    by: ["propertyId"],
    where: { propertyId: { in: propertyIds } },
    _sum: { raised: true },
  });
  return new Map(sums.map((row) => [row.propertyId, row._sum.raised?.toFixed(2) ?? "0.00"]));
}

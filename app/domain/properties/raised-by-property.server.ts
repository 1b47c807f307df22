import type { Db } from "~/services/db.server";

/** "Raised" per property, as the spec defines it: the sum of total_investment of confirmed investments. */
export async function raisedByProperty(db: Db, propertyIds: string[]): Promise<Map<string, string>> {
  if (propertyIds.length === 0) return new Map();
  const sums = await db.investment.groupBy({
    by: ["propertyId"],
    where: { propertyId: { in: propertyIds }, investmentStatus: "confirmed" },
    _sum: { totalInvestment: true },
  });
  return new Map(sums.map((row) => [row.propertyId, row._sum.totalInvestment?.toFixed(2) ?? "0.00"]));
}

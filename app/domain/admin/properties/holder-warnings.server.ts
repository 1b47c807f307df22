import type { Db } from "~/services/db.server";

/** SEBI's small and medium REIT rules start at 200 unit holders (ADR 0037). */
export const SM_REIT_HOLDER_THRESHOLD = 200;

export type HolderWarning = {
  holders: number;
  largestShares: number;
  totalShares: number;
  /** The largest holding as a percentage of the property's issued shares, two decimals. */
  largestPercent: string;
  warnings: string[];
};

/**
 * For each property (or the given ones): how many investors hold shares, the largest
 * holding's share of the issued shares, and the warnings an admin should see: 200 holders
 * or more, and one investor above `concentrationPercent`.
 */
export async function holderWarnings(db: Db, concentrationPercent: number, propertyIds?: string[]): Promise<Record<string, HolderWarning>> {
  const rows = await db.$queryRaw<{ property_id: string; holders: number; largest: number; total_shares: number }[]>`
    SELECT p.id AS property_id, COUNT(pos.user_id)::int AS holders, COALESCE(MAX(pos.shares), 0)::int AS largest,
           p.total_shares
      FROM properties p JOIN user_property_positions pos ON pos.property_id = p.id AND pos.shares > 0
     WHERE ${propertyIds ?? null}::text[] IS NULL OR p.id = ANY(${propertyIds ?? []}::text[])
     GROUP BY p.id, p.total_shares`;
  const result: Record<string, HolderWarning> = {};
  for (const row of rows) {
    const percent = row.total_shares > 0 ? (row.largest * 100) / row.total_shares : 0;
    const warnings: string[] = [];
    if (row.holders >= SM_REIT_HOLDER_THRESHOLD) {
      warnings.push(
        `${row.holders} investors hold shares: at ${SM_REIT_HOLDER_THRESHOLD} holders the SM REIT threshold is reached; review the regulatory position before more investors join.`,
      );
    }
    if (percent > concentrationPercent) {
      warnings.push(`One investor holds ${percent.toFixed(2)}% of the shares, more than the ${concentrationPercent}% concentration limit.`);
    }
    result[row.property_id] = {
      holders: row.holders,
      largestShares: row.largest,
      totalShares: row.total_shares,
      largestPercent: percent.toFixed(2),
      warnings,
    };
  }
  return result;
}

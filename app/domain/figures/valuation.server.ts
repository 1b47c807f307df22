import type { Db } from "~/services/db.server";

export type Valuation = { price: string; source: "last_trade" | "issue_price" };

/** Said wherever a position's value is shown. */
export const VALUATION_RULE = "Valued at the last settled resale price, or the issue price when no resale has settled.";

/**
 * The price each property's shares are valued at (ADR 0046): the price of the last settled
 * resale (a buyer's completed share_purchase), else the property's issue price. One rule for
 * the overview, the position page and the admin pages.
 */
export async function valuationPrices(db: Db, propertyIds: readonly string[]): Promise<Map<string, Valuation>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; last_price: string | null; share_price: string }[]>`
    SELECT p.id, last.price::text AS last_price, p.share_price::text AS share_price
      FROM properties p
      LEFT JOIN LATERAL (
            SELECT t.price_per_share AS price FROM transactions t
             WHERE t.property_id = p.id AND t.transaction_type = 'share_purchase' AND t.status = 'completed'
               AND t.price_per_share IS NOT NULL
             ORDER BY t.created_at DESC, t.id DESC LIMIT 1) last ON true
     WHERE p.id = ANY(${[...new Set(propertyIds)]}::text[])`;
  return new Map(
    rows.map((row) => [
      row.id,
      row.last_price === null ? { price: row.share_price, source: "issue_price" } : { price: row.last_price, source: "last_trade" },
    ]),
  );
}

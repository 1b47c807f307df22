import { valuationPrices } from "~/domain/figures/valuation.server";
import type { Db } from "~/services/db.server";

/**
 * The latest NAV per share of each property, in rupees as text, or null where there is none:
 * the price the one valuation rule gives when its source is a recorded valuation (ADR 0069),
 * so the NAV-move rule measures the same figure every page shows (ADR 0070).
 */
export async function latestNavPerShare(db: Db, propertyIds: readonly string[]): Promise<Map<string, string | null>> {
  const prices = await valuationPrices(db, propertyIds);
  return new Map(propertyIds.map((id) => [id, prices.get(id)?.source === "nav" ? prices.get(id)!.price : null]));
}

export type NavSource = typeof latestNavPerShare;

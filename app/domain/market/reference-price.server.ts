import type { Db } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { getEnv } from "~/services/env.server";

/**
 * The price the market's band is measured from (ADR 0074): the last settled resale of the
 * property, else its issue price (the share price an admin's revaluation moves).
 */
export async function referencePrice(db: Db, propertyId: string): Promise<Decimal | null> {
  // NAV: when valuations land, the property's latest NAV per share is consulted here first.
  const [row] = await db.$queryRaw<{ last_trade: string | null; issue_price: string | null }[]>`
    SELECT (SELECT t.price_per_share::text FROM transactions t
             WHERE t.property_id = ${propertyId} AND t.transaction_type = 'share_sale' AND t.price_per_share IS NOT NULL
             ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS last_trade,
           (SELECT p.share_price::text FROM properties p WHERE p.id = ${propertyId}) AS issue_price`;
  const value = row?.last_trade ?? row?.issue_price;
  return value ? new Decimal(value) : null;
}

export const priceBandPercent = () => getEnv().MARKET_PRICE_BAND_PERCENT;

/** The limits a buy order may name around `reference`, to the paisa. */
export function referenceBand(reference: Decimal.Value, percent = priceBandPercent()) {
  const ref = new Decimal(reference);
  const spread = ref.times(percent).div(100);
  return {
    min: Decimal.max("0.01", ref.minus(spread).toDecimalPlaces(2, Decimal.ROUND_UP)),
    max: ref.plus(spread).toDecimalPlaces(2, Decimal.ROUND_DOWN),
    percent,
  };
}

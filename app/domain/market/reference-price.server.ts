import type { Db } from "~/services/db.server";
import { Decimal, formatINR } from "~/lib/money";
import { getEnv } from "~/services/env.server";
import { valuationPrices } from "~/domain/figures/valuation.server";
import { marketError, MarketError } from "./market-errors";

/**
 * The price the market's band is measured from, for buy and sell orders alike (ADR 0074,
 * 0076): the one valuation rule (`valuationPrices`, ADR 0069) — the latest NAV per share,
 * else the last settled resale, else the issue price — so the band sits around the figure
 * every page values a position at. Null only for a property that does not exist.
 */
export async function referencePrice(db: Db, propertyId: string): Promise<Decimal | null> {
  const valuation = (await valuationPrices(db, [propertyId])).get(propertyId);
  return valuation ? new Decimal(valuation.price) : null;
}

export const priceBandPercent = () => getEnv().MARKET_PRICE_BAND_PERCENT;

export type ReferenceBand = { min: Decimal; max: Decimal; percent: number };

/** The limits an order's price may name around `reference`, to the paisa. */
export function referenceBand(reference: Decimal.Value, percent = priceBandPercent()): ReferenceBand {
  const ref = new Decimal(reference);
  const spread = ref.times(percent).div(100);
  return {
    min: Decimal.max("0.01", ref.minus(spread).toDecimalPlaces(2, Decimal.ROUND_UP)),
    max: ref.plus(spread).toDecimalPlaces(2, Decimal.ROUND_DOWN),
    percent,
  };
}

/** The refusal for a price outside the band, naming the form field it answers. */
export function outOfBand(band: ReferenceBand, field: string) {
  const show = (value: Decimal) => formatINR(value, { paise: !value.isInteger() });
  return new MarketError(
    "price_out_of_band",
    `Price per share must be between ${show(band.min)} and ${show(band.max)} (within ${band.percent}% of the reference price)`,
    422,
    field,
  );
}

/**
 * Refuses `price` (for a buy order's limit or a sell order's ask) outside the band around the
 * property's reference price. Called under the book's lock, so the reference cannot move
 * between the check and the order.
 */
export async function checkPriceBand(db: Db, propertyId: string, price: Decimal, field: string): Promise<ReferenceBand> {
  const reference = await referencePrice(db, propertyId);
  if (!reference) throw marketError("propertyNotFound", 404);
  const band = referenceBand(reference);
  if (price.lt(band.min) || price.gt(band.max)) throw outOfBand(band, field);
  return band;
}

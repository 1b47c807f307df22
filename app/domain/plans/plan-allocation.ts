import { calculatePurchaseBreakdown } from "~/lib/investing/purchase-breakdown";
import { Decimal } from "~/lib/money";

/**
 * How a plan's monthly amount becomes whole shares: split by weight (rounded down to the
 * paisa, so the parts never exceed the whole), then in each property the most whole shares
 * whose cost with the platform fee fits its part, within the property's maximum and the shares
 * left. What is not spent stays in the wallet.
 */

export type WeightedTarget = { propertyId: string; weight: number };

export function splitByWeight(amount: Decimal.Value, targets: WeightedTarget[]): Map<string, Decimal> {
  const total = targets.reduce((sum, t) => sum + t.weight, 0);
  const whole = new Decimal(amount);
  return new Map(
    targets.map((t) => [
      t.propertyId,
      total > 0 ? whole.times(t.weight).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_DOWN) : new Decimal(0),
    ]),
  );
}

export type ShareTerms = {
  sharePrice: Decimal.Value;
  minimumInvestment: Decimal.Value;
  maximumInvestment: Decimal.Value | null;
  availableShares: number;
};

export type SharesDecision = { ok: true; shares: number; total: Decimal } | { ok: false; reason: "below_minimum" | "sold_out" };

const costOf = (shares: number, sharePrice: Decimal.Value) => calculatePurchaseBreakdown({ shares, sharePrice, walletBalance: 0 }).total;

/** The most whole shares `budget` buys (fee included) within the terms, or why none. */
export function wholeSharesWithin(budget: Decimal.Value, terms: ShareTerms): SharesDecision {
  if (terms.availableShares <= 0) return { ok: false, reason: "sold_out" };
  const price = new Decimal(terms.sharePrice);
  let shares = new Decimal(budget).dividedBy(price).floor().toNumber();
  // The fee is rounded per purchase, so step down until the cost with the fee fits.
  while (shares > 0 && costOf(shares, price).gt(budget)) shares -= 1;
  if (terms.maximumInvestment !== null) shares = Math.min(shares, new Decimal(terms.maximumInvestment).dividedBy(price).floor().toNumber());
  shares = Math.min(shares, terms.availableShares);
  if (shares <= 0 || price.times(shares).lt(terms.minimumInvestment)) return { ok: false, reason: "below_minimum" };
  return { ok: true, shares, total: costOf(shares, price) };
}

/** The least a month's part must be to buy the property's minimum investment in whole shares, fee included. */
export function leastPartFor(terms: Pick<ShareTerms, "sharePrice" | "minimumInvestment">): Decimal {
  const price = new Decimal(terms.sharePrice);
  const shares = Decimal.max(1, new Decimal(terms.minimumInvestment).dividedBy(price).ceil()).toNumber();
  return costOf(shares, price);
}

export type OpenPropertyTerms = {
  propertyId: string;
  sharePrice: Decimal.Value;
  minimumInvestment: Decimal.Value;
  availableShares: number;
};

/**
 * "Every open property of a type" split by weight (ADR 0077): each property weighs what is still
 * for sale in it (shares left × price, whole rupees), so the plan follows the raise rather than
 * piling into a nearly full property. A property whose part could not buy its minimum is left
 * out and the amount re-split among the rest (the lightest such property first), so no month's
 * money is parked on a part too small to buy anything. Answers the targets with their weights
 * (none when even the heaviest alone cannot buy its minimum).
 */
export function typeBasketTargets(amount: Decimal.Value, properties: OpenPropertyTerms[]): WeightedTarget[] {
  let targets = properties
    .filter((p) => p.availableShares > 0)
    .map((p) => ({ propertyId: p.propertyId, weight: new Decimal(p.sharePrice).times(p.availableShares).floor().toNumber(), terms: p }))
    .filter((t) => t.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.propertyId < b.propertyId ? -1 : 1));
  while (targets.length > 0) {
    const parts = splitByWeight(amount, targets);
    const short = targets.filter((t) => parts.get(t.propertyId)!.lt(leastPartFor(t.terms)));
    if (short.length === 0) break;
    const lightest = short[short.length - 1]!;
    targets = targets.filter((t) => t !== lightest);
  }
  return targets.map(({ propertyId, weight }) => ({ propertyId, weight }));
}

import { Decimal } from "~/lib/money";

/**
 * The average-cost pool of one property, the one rule for "invested", "realised gain" and
 * "cost basis for tax" (ADR 0046): a purchase adds what the shares cost plus the fee paid on
 * them (the acquisition cost); a sale takes out the average cost of the shares sold, and its
 * gain is the proceeds net of any fee taken from them (the transfer cost) less that cost.
 */
export type CostPool = { shares: number; cost: Decimal };

export type SaleFigures = {
  /** Shares actually taken from the pool (never more than were held). */
  shares: number;
  /** Shares × price: the sale's full value of consideration. */
  consideration: Decimal;
  /** Fees taken from the proceeds. */
  transferCosts: Decimal;
  /** Average cost of the shares sold, acquisition fees included. */
  cost: Decimal;
  /** Consideration − transfer costs − cost. */
  gain: Decimal;
};

export const emptyPool = (): CostPool => ({ shares: 0, cost: new Decimal(0) });

/** Adds a purchase: `amount` is shares × price, `fee` what was paid on top. */
export function addPurchase(pool: CostPool, shares: number, amount: Decimal.Value, fee: Decimal.Value = 0): void {
  pool.shares += shares;
  pool.cost = pool.cost.plus(amount).plus(new Decimal(fee).abs());
}

/** Takes a sale out of the pool and returns its figures; `amount` is shares × price, `fee` what was taken from it. */
export function takeSale(pool: CostPool, shares: number, amount: Decimal.Value, fee: Decimal.Value = 0): SaleFigures {
  const sold = Math.min(shares, pool.shares);
  const consideration =
    shares === 0 ? new Decimal(0) : new Decimal(amount).times(sold).div(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const transferCosts =
    shares === 0 ? new Decimal(0) : new Decimal(fee).abs().times(sold).div(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const cost = pool.shares === 0 ? new Decimal(0) : pool.cost.times(sold).div(pool.shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  pool.shares -= sold;
  pool.cost = pool.shares === 0 ? new Decimal(0) : pool.cost.minus(cost);
  return { shares: sold, consideration, transferCosts, cost, gain: consideration.minus(transferCosts).minus(cost) };
}

/** The average cost per share held, to the paisa (0 when nothing is held). */
export function averageCost(pool: CostPool): Decimal {
  return pool.shares === 0 ? new Decimal(0) : pool.cost.div(pool.shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

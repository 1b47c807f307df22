import { Decimal } from "~/lib/money";

export type PositionTrade = {
  id: string;
  kind: "buy" | "sell";
  shares: number;
  /** Rupees paid for a buy (fees excluded) or received for a sale. */
  amount: Decimal.Value;
  date: string;
};

export type PositionHistoryRow = PositionTrade & {
  amount: string;
  /** Shares held after this trade. */
  sharesAfter: number;
  /** Average cost per share held after this trade, to the paisa. */
  averagePrice: string;
  /** Profit on a sale: proceeds less the average cost of the shares sold; null for buys. */
  realisedProfit: string | null;
};

/**
 * Replays a property's trades oldest first, keeping the running average cost per share and
 * the profit realised by each sale (average-cost method, exact to the paisa).
 */
export function positionHistory(trades: readonly PositionTrade[]): PositionHistoryRow[] {
  let shares = 0;
  let cost = new Decimal(0);
  return trades.map((trade) => {
    const amount = new Decimal(trade.amount);
    let realised: Decimal | null = null;
    if (trade.kind === "buy") {
      shares += trade.shares;
      cost = cost.plus(amount);
    } else {
      const sold = Math.min(trade.shares, shares);
      const soldCost = shares === 0 ? new Decimal(0) : cost.times(sold).div(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      realised = amount.minus(soldCost);
      shares -= sold;
      cost = shares === 0 ? new Decimal(0) : cost.minus(soldCost);
    }
    const average = shares === 0 ? new Decimal(0) : cost.div(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return {
      ...trade,
      amount: amount.toFixed(2),
      sharesAfter: shares,
      averagePrice: average.toFixed(2),
      realisedProfit: realised ? realised.toFixed(2) : null,
    };
  });
}

/** One line of a position page's trade history; computed by holdingFigures in ~/domain/figures. */
export type PositionHistoryRow = {
  id: string;
  kind: "buy" | "sell";
  shares: number;
  /** Shares × price. */
  amount: string;
  /** The fee paid on top of a buy or taken from a sale's proceeds. */
  fee: string;
  date: string;
  /** Shares held after this trade. */
  sharesAfter: number;
  /** Average cost per share held after this trade (acquisition fees included), to the paisa. */
  averagePrice: string;
  /** A sale's gain: proceeds net of its fee less the average cost of the shares sold; null for buys. */
  realisedProfit: string | null;
};

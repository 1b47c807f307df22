import { Decimal } from "~/lib/money";
import type { PositionHistoryRow } from "~/lib/portfolio/position-history";
import { addPurchase, averageCost, emptyPool, takeSale, type CostPool } from "./cost-basis";

/** A completed trade of one investor: `amount` is shares × price, `fee` what was paid on top (buy) or taken from it (sell). */
export type FigureTrade = {
  id: string;
  propertyId: string;
  kind: "buy" | "sell";
  shares: number;
  amount: Decimal.Value;
  fee: Decimal.Value;
  at: string;
};

export type ReceivedDividend = { propertyId: string; amount: Decimal.Value };

/** One property as the investor holds it; every money figure a page, PDF or e-mail shows for it. */
export type HoldingFigures = {
  propertyId: string;
  shares: number;
  /** What the shares still held cost, acquisition fees included. */
  invested: string;
  averagePrice: string;
  /** The price the shares are valued at (see valuation.server.ts). */
  valuationPrice: string;
  currentValue: string;
  /** Current value − invested. */
  unrealised: string;
  /** Sum of every sale's gain, net of transfer costs and acquisition fees. */
  realised: string;
  /** Distributions credited for the property. */
  distributions: string;
  /** Unrealised + realised + distributions. */
  totalReturn: string;
  history: PositionHistoryRow[];
};

export type PortfolioFigures = {
  invested: string;
  currentValue: string;
  unrealised: string;
  realised: string;
  distributions: string;
  lifetimeReturn: string;
  activeProperties: number;
};

type Tally = { pool: CostPool; realised: Decimal; distributions: Decimal; history: PositionHistoryRow[] };

/**
 * Replays trades (oldest first) and dividends per property into the figures of each holding,
 * valued at `prices` (property id → price; a property missing from it is valued at 0).
 * `withHistory: false` leaves each holding's history empty, for callers that need only the
 * figures (the overview's totals), which then skip formatting a row per trade.
 */
export function holdingFigures(
  trades: readonly FigureTrade[],
  dividends: readonly ReceivedDividend[],
  prices: ReadonlyMap<string, Decimal.Value>,
  { withHistory = true }: { withHistory?: boolean } = {},
): HoldingFigures[] {
  const tallies = new Map<string, Tally>();
  const tally = (propertyId: string) => {
    let found = tallies.get(propertyId);
    if (!found)
      tallies.set(propertyId, (found = { pool: emptyPool(), realised: new Decimal(0), distributions: new Decimal(0), history: [] }));
    return found;
  };
  const sorted = [...trades].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  for (const trade of sorted) {
    const t = tally(trade.propertyId);
    let realisedProfit: string | null = null;
    if (trade.kind === "buy") addPurchase(t.pool, trade.shares, trade.amount, trade.fee);
    else {
      const sale = takeSale(t.pool, trade.shares, trade.amount, trade.fee);
      t.realised = t.realised.plus(sale.gain);
      realisedProfit = sale.gain.toFixed(2);
    }
    if (!withHistory) continue;
    t.history.push({
      id: trade.id,
      kind: trade.kind,
      shares: trade.shares,
      amount: new Decimal(trade.amount).toFixed(2),
      fee: new Decimal(trade.fee).toFixed(2),
      date: trade.at,
      sharesAfter: t.pool.shares,
      averagePrice: averageCost(t.pool).toFixed(2),
      realisedProfit,
    });
  }
  for (const dividend of dividends) {
    const t = tally(dividend.propertyId);
    t.distributions = t.distributions.plus(dividend.amount);
  }
  return [...tallies.entries()].map(([propertyId, t]) => {
    const price = new Decimal(prices.get(propertyId) ?? 0);
    const value = price.times(t.pool.shares);
    const unrealised = value.minus(t.pool.cost);
    return {
      propertyId,
      shares: t.pool.shares,
      invested: t.pool.cost.toFixed(2),
      averagePrice: averageCost(t.pool).toFixed(2),
      valuationPrice: price.toFixed(2),
      currentValue: value.toFixed(2),
      unrealised: unrealised.toFixed(2),
      realised: t.realised.toFixed(2),
      distributions: t.distributions.toFixed(2),
      totalReturn: unrealised.plus(t.realised).plus(t.distributions).toFixed(2),
      history: t.history,
    };
  });
}

/** The portfolio's totals: sums of the holdings' figures; active properties are those with shares. */
export function portfolioFigures(holdings: readonly HoldingFigures[]): PortfolioFigures {
  const sum = (pick: (h: HoldingFigures) => string) => holdings.reduce((s, h) => s.plus(pick(h)), new Decimal(0)).toFixed(2);
  return {
    invested: sum((h) => h.invested),
    currentValue: sum((h) => h.currentValue),
    unrealised: sum((h) => h.unrealised),
    realised: sum((h) => h.realised),
    distributions: sum((h) => h.distributions),
    lifetimeReturn: sum((h) => h.totalReturn),
    activeProperties: holdings.filter((h) => h.shares > 0).length,
  };
}

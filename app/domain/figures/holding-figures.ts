import { Decimal } from "~/lib/money";
import type { PositionHistoryRow } from "~/lib/portfolio/position-history";
import { addPurchase, averageCost, emptyPool, takeSale, type CostPool } from "./cost-basis";
import { tradeOrder } from "./trade-order";

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

/** Replays trades (oldest first) and dividends into one tally per property. */
function replay(trades: readonly FigureTrade[], dividends: readonly ReceivedDividend[], withHistory: boolean): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const tally = (propertyId: string) => {
    let found = tallies.get(propertyId);
    if (!found)
      tallies.set(propertyId, (found = { pool: emptyPool(), realised: new Decimal(0), distributions: new Decimal(0), history: [] }));
    return found;
  };
  const sorted = [...trades].sort(tradeOrder);
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
  return tallies;
}

/** A tally valued at its price: the one place value, unrealised and total return are worked out. */
function valued(t: Tally, price: Decimal) {
  const value = price.times(t.pool.shares);
  const unrealised = value.minus(t.pool.cost);
  return { value, unrealised, totalReturn: unrealised.plus(t.realised).plus(t.distributions) };
}

/**
 * Replays trades (oldest first) and dividends per property into the figures of each holding,
 * valued at `prices` (property id → price; a property missing from it is valued at 0).
 * `withHistory: false` leaves each holding's history empty, for callers that need only the
 * figures, which then skip formatting a row per trade.
 */
export function holdingFigures(
  trades: readonly FigureTrade[],
  dividends: readonly ReceivedDividend[],
  prices: ReadonlyMap<string, Decimal.Value>,
  { withHistory = true }: { withHistory?: boolean } = {},
): HoldingFigures[] {
  return [...replay(trades, dividends, withHistory).entries()].map(([propertyId, t]) => {
    const price = new Decimal(prices.get(propertyId) ?? 0);
    const { value, unrealised, totalReturn } = valued(t, price);
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
      totalReturn: totalReturn.toFixed(2),
      history: t.history,
    };
  });
}

/**
 * `portfolioFigures(holdingFigures(trades, dividends, prices))` without writing each holding's
 * figures as text and reading them back: each is rounded to the paisa as that text was, then
 * summed. The overview reads this over hundreds of holdings on every render.
 */
export function portfolioTotals(
  trades: readonly FigureTrade[],
  dividends: readonly ReceivedDividend[],
  prices: ReadonlyMap<string, Decimal.Value>,
): PortfolioFigures {
  const zero = new Decimal(0);
  // Most holdings were only ever bought, and their amounts, fees and price are written to the
  // paisa: their cost and value are whole paise, summed here as integers (see buyOnlyHoldings).
  const plain = buyOnlyHoldings(trades, dividends, prices);
  // A holding whose cost, value, realised gain and distributions are all whole paise (a price
  // to the paisa, as every valuation gives, and no sale that split a paisa) needs no rounding:
  // its unrealised gain and total return are exact differences and sums of those four, so only
  // the four are added up for such holdings and the two are worked out once at the end. The
  // others (a four-place price) are rounded holding by holding, as their text would be.
  const whole = { cost: new Decimal(rupees(plain.cost)), value: new Decimal(rupees(plain.value)), realised: zero, distributions: zero };
  const rounded = { cost: zero, value: zero, unrealised: zero, realised: zero, distributions: zero, totalReturn: zero };
  const paisa = (amount: Decimal) => (amount.decimalPlaces() <= 2 ? amount : amount.toDecimalPlaces(2));
  let activeProperties = plain.active;
  const others = plain.properties.size === 0 ? trades : trades.filter((trade) => !plain.properties.has(trade.propertyId));
  for (const [propertyId, t] of replay(others, dividends, false)) {
    if (t.pool.shares > 0) activeProperties++;
    const price = new Decimal(prices.get(propertyId) ?? 0);
    const value = price.times(t.pool.shares);
    const cost = t.pool.cost;
    if (
      value.decimalPlaces() <= 2 &&
      cost.decimalPlaces() <= 2 &&
      t.realised.decimalPlaces() <= 2 &&
      t.distributions.decimalPlaces() <= 2
    ) {
      whole.cost = whole.cost.plus(cost);
      whole.value = whole.value.plus(value);
      if (!t.realised.isZero()) whole.realised = whole.realised.plus(t.realised);
      if (!t.distributions.isZero()) whole.distributions = whole.distributions.plus(t.distributions);
      continue;
    }
    const figures = valued(t, price);
    rounded.cost = rounded.cost.plus(paisa(cost));
    rounded.value = rounded.value.plus(paisa(figures.value));
    rounded.unrealised = rounded.unrealised.plus(paisa(figures.unrealised));
    rounded.realised = rounded.realised.plus(paisa(t.realised));
    rounded.distributions = rounded.distributions.plus(paisa(t.distributions));
    rounded.totalReturn = rounded.totalReturn.plus(paisa(figures.totalReturn));
  }
  const wholeUnrealised = whole.value.minus(whole.cost);
  return {
    invested: whole.cost.plus(rounded.cost).toFixed(2),
    currentValue: whole.value.plus(rounded.value).toFixed(2),
    unrealised: wholeUnrealised.plus(rounded.unrealised).toFixed(2),
    realised: whole.realised.plus(rounded.realised).toFixed(2),
    distributions: whole.distributions.plus(rounded.distributions).toFixed(2),
    lifetimeReturn: wholeUnrealised.plus(whole.realised).plus(whole.distributions).plus(rounded.totalReturn).toFixed(2),
    activeProperties,
  };
}

/**
 * A money figure written to at most two places ("1200", "1200.5", "-24.00"), in paise as an
 * integer Number; null for any other (more places, not text, or too large to be exact). A
 * Number, not a BigInt: each BigInt is a heap object, and the overview adds up hundreds of these.
 * Every sum and product below is checked with Number.isSafeInteger: an integer result of two
 * integers that is safe is exact (a true result past 2^53 rounds to at least 2^53).
 */
function paiseOf(value: Decimal.Value | undefined): number | null {
  if (value === undefined) return 0;
  if (typeof value !== "string") return null;
  const negative = value.charCodeAt(0) === 45; // "-"
  let paise = 0;
  let digits = 0;
  let places = -1;
  for (let at = negative ? 1 : 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (code === 46) {
      // "."
      if (places >= 0 || digits === 0) return null;
      places = 0;
      continue;
    }
    if (code < 48 || code > 57 || places === 2) return null;
    paise = paise * 10 + (code - 48);
    digits++;
    if (places >= 0) places++;
  }
  if (digits === 0 || places === 0) return null;
  if (places <= 0) paise *= 100;
  else if (places === 1) paise *= 10;
  if (!Number.isSafeInteger(paise)) return null;
  return negative && paise !== 0 ? -paise : paise;
}

/** Whole paise as rupees' text, exactly ("-12.05" for -1205n). */
function rupees(paise: bigint): string {
  const digits = (paise < 0n ? -paise : paise).toString().padStart(3, "0");
  return `${paise < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * The holdings that were only bought (no sale, no distribution), with every amount, fee and the
 * price written to the paisa: addPurchase only adds (the amount, and the fee's size), so such a
 * holding's cost is the sum of those, and its value price × shares, both whole paise, summed
 * here as integers. It is what replaying them gives, without a decimal per figure: the overview
 * values hundreds of such holdings on every render. Every other property is replayed.
 */
function buyOnlyHoldings(
  trades: readonly FigureTrade[],
  dividends: readonly ReceivedDividend[],
  prices: ReadonlyMap<string, Decimal.Value>,
): { properties: ReadonlySet<string>; cost: bigint; value: bigint; active: number } {
  const paid = new Set(dividends.map((dividend) => dividend.propertyId));
  // null: a property that must be replayed.
  const pools = new Map<string, { shares: number; cost: number } | null>();
  for (const trade of trades) {
    const pool = pools.get(trade.propertyId);
    if (pool === null) continue;
    const amount = trade.kind === "buy" && !paid.has(trade.propertyId) ? paiseOf(trade.amount) : null;
    const fee = amount === null ? null : paiseOf(trade.fee);
    const cost = amount === null || fee === null ? null : amount + Math.abs(fee);
    const total = cost === null ? null : pool ? pool.cost + cost : cost;
    if (total === null || !Number.isSafeInteger(total)) pools.set(trade.propertyId, null);
    else if (pool) {
      pool.shares += trade.shares;
      pool.cost = total;
    } else pools.set(trade.propertyId, { shares: trade.shares, cost: total });
  }
  const properties = new Set<string>();
  const costs: number[] = [];
  const values: number[] = [];
  let active = 0;
  for (const [propertyId, pool] of pools) {
    const price = pool ? paiseOf(prices.get(propertyId)) : null;
    const value = price === null ? null : price * pool!.shares;
    if (!pool || value === null || !Number.isSafeInteger(value)) continue;
    properties.add(propertyId);
    costs.push(pool.cost);
    values.push(value);
    if (pool.shares > 0) active++;
  }
  return { properties, cost: exactSum(costs), value: exactSum(values), active };
}

/** The sum of safe integers, exactly: as Numbers while every partial sum stays safe, else as BigInts. */
function exactSum(terms: readonly number[]): bigint {
  let sum = 0;
  for (const term of terms) {
    sum += term;
    if (!Number.isSafeInteger(sum)) return terms.reduce((whole, each) => whole + BigInt(each), 0n);
  }
  return BigInt(sum);
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

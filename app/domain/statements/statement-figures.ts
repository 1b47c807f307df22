import { Decimal } from "~/lib/money";
import { addPurchase, averageCost, emptyPool, takeSale, type CostPool } from "~/domain/figures/cost-basis";
import { byCodeUnit, tradeOrder } from "~/domain/figures/trade-order";

/**
 * The figures of an investor's yearly statements, computed once from plain rows so the PDF,
 * the CSV and the tests all read the same numbers (ADR 0036).
 */

/** India has one time zone: IST, UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
export function istDateOf(moment: string | Date): string {
  const ms = typeof moment === "string" ? Date.parse(moment) : moment.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** istDateOf for many moments, each IST day formatted once (a statement's thousands of trades fall on far fewer days). */
function istDates(): (ms: number) => string {
  const formatted = new Map<number, string>();
  return (ms) => {
    const day = Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
    let date = formatted.get(day);
    if (date === undefined) formatted.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 10)));
    return date;
  };
}

/** The financial year starting 1 April of `startYear` (IST): [start, end). */
export function financialYearBounds(startYear: number): { start: Date; end: Date; label: string; from: string; to: string } {
  return {
    start: new Date(Date.parse(`${startYear}-04-01T00:00:00Z`) - IST_OFFSET_MS),
    end: new Date(Date.parse(`${startYear + 1}-04-01T00:00:00Z`) - IST_OFFSET_MS),
    label: `FY ${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`,
    from: `${startYear}-04-01`,
    to: `${startYear + 1}-03-31`,
  };
}

/** The financial year (its starting year) a moment falls in, in India. */
export function financialYearOfMoment(moment: Date): number {
  const [year, month] = istDateOf(moment).split("-").map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

/** The first financial year (its starting calendar year) under the Income-tax Act, 2025 (in force from 1 April 2026). */
export const INCOME_TAX_ACT_2025_FROM = 2026;

/**
 * The rule applied to classify a resale, stated on every statement of the year. Aangan's shares
 * are unlisted securities; after the Finance (No. 2) Act, 2024 (transfers on or after 23 July
 * 2024) section 2(42A) of the Income-tax Act, 1961 treats an unlisted share (like immovable
 * property) as a long-term capital asset when held for more than 24 months. The Income-tax Act,
 * 2025 replaced the 1961 Act from FY 2026-27 with the holding periods unchanged, so a year from
 * then on cites the new Act, and an earlier year the section it was taxed under (INDIA-RULES).
 */
export const HOLDING_PERIOD_MONTHS = 24;
const HOLDING_PERIOD_RULE =
  "shares that are not listed on a recognised stock exchange (as Aangan's are) are a long-term capital asset when held for more than 24 months before the sale, otherwise short-term.";
export function capitalGainsRule(startYear: number): string {
  return startYear >= INCOME_TAX_ACT_2025_FROM
    ? "Short or long term under the Income-tax Act, 2025 (in force from 1 April 2026), which keeps the holding periods of section 2(42A) of the 1961 Act as amended by the Finance (No. 2) Act, 2024: " +
        HOLDING_PERIOD_RULE
    : "Short or long term under section 2(42A) of the Income-tax Act, 1961, as amended by the Finance (No. 2) Act, 2024 for transfers on or after 23 July 2024: " +
        HOLDING_PERIOD_RULE;
}
export const COST_METHOD =
  "Cost of acquisition by the average-cost method: each sale is costed at the average cost of all shares of that property held just before it, the platform fees paid on buying them included (expenditure on acquisition); " +
  "the gain is the sale price less transfer costs (fees taken from the proceeds) less that cost. " +
  "The holding period is counted from the acquisition of the oldest shares still held (first in, first out); a sale spanning purchases on either side of 24 months is split into a short-term and a long-term line.";
export const NOT_TAX_ADVICE = "This statement reports figures from Aangan's records; it does not compute tax and is not tax advice.";

export type TradeRow = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  kind: "buy" | "sell";
  shares: number;
  /** Shares × price of the buy or the sale, without fees. */
  amount: string;
  /** The fee paid on top of a buy or taken from a sale's proceeds; none when left out. */
  fee?: string;
  at: string;
};

export type GainRow = {
  propertyId: string;
  propertyTitle: string;
  saleDate: string;
  acquiredFrom: string;
  acquiredTo: string;
  shares: number;
  salePrice: string;
  /** Fees taken from the sale's proceeds. */
  transferCosts: string;
  /** Average cost of the shares sold, acquisition fees included. */
  costOfAcquisition: string;
  averageCostPerShare: string;
  gain: string;
  holdingDays: number;
  term: "Short term" | "Long term";
};

export type Holding = {
  propertyId: string;
  propertyTitle: string;
  shares: number;
  cost: string;
  averageCost: string;
  /** The price a share is valued at today (valuationPrices, ADR 0069) and which price that is; absent when no price was given. */
  price?: string;
  priceBasis?: string;
  /** Shares × price: the figure the position page and the overview show. */
  value?: string;
};

/** A property's share price for valuing holdings, and the words for which price it is. */
export type HoldingPrice = { price: string; basis: string };

/** A date plus whole calendar months (the day clamps to the month's end). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export function isLongTerm(acquired: string, sold: string): boolean {
  return sold > addMonths(acquired, HOLDING_PERIOD_MONTHS);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Pool = { title: string; cost: CostPool; lots: { date: string; shares: number }[] };

/**
 * Replays every trade (oldest first) into an average-cost pool per property. Returns each
 * sale in [from, to) as one or two gain rows (split by term) and the holdings left at `to`.
 */
export function replayTrades(trades: TradeRow[], period: { start: Date; end: Date }): { gains: GainRow[]; holdings: Holding[] } {
  const pools = new Map<string, Pool>();
  const gains: GainRow[] = [];
  const sorted = [...trades].sort(tradeOrder);
  const [startMs, endMs] = [period.start.getTime(), period.end.getTime()];
  const istDate = istDates();
  for (const trade of sorted) {
    const at = Date.parse(trade.at);
    if (at >= endMs) break;
    let pool = pools.get(trade.propertyId);
    if (!pool) pools.set(trade.propertyId, (pool = { title: trade.propertyTitle, cost: emptyPool(), lots: [] }));
    const date = istDate(at);
    if (trade.kind === "buy") {
      addPurchase(pool.cost, trade.shares, trade.amount, trade.fee ?? 0);
      pool.lots.push({ date, shares: trade.shares });
      continue;
    }
    if (Math.min(trade.shares, pool.cost.shares) <= 0) continue;
    const average = averageCost(pool.cost);
    // The one sale computation (ADR 0046): cost with acquisition fees, proceeds less transfer costs.
    const sale = takeSale(pool.cost, trade.shares, trade.amount, trade.fee ?? 0);
    const sold = sale.shares;
    // FIFO over the lots for the holding period, grouped into a short and a long part.
    const parts = new Map<"Short term" | "Long term", { shares: number; from: string; to: string }>();
    let left = sold;
    while (left > 0 && pool.lots.length > 0) {
      const lot = pool.lots[0]!;
      const take = Math.min(left, lot.shares);
      const term = isLongTerm(lot.date, date) ? "Long term" : "Short term";
      const part = parts.get(term) ?? { shares: 0, from: lot.date, to: lot.date };
      part.shares += take;
      part.to = lot.date;
      parts.set(term, part);
      lot.shares -= take;
      left -= take;
      if (lot.shares === 0) pool.lots.shift();
    }
    const entries = [...parts.entries()].sort(([a], [b]) => (a === "Long term" ? -1 : b === "Long term" ? 1 : 0));
    const share = (total: Decimal, shares: number) => total.times(shares).div(sold).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    let costLeft = sale.cost;
    let priceLeft = sale.consideration;
    let transferLeft = sale.transferCosts;
    entries.forEach(([term, part], index) => {
      const lastPart = index === entries.length - 1;
      const cost = lastPart ? costLeft : share(sale.cost, part.shares);
      const price = lastPart ? priceLeft : share(sale.consideration, part.shares);
      const transfer = lastPart ? transferLeft : share(sale.transferCosts, part.shares);
      costLeft = costLeft.minus(cost);
      priceLeft = priceLeft.minus(price);
      transferLeft = transferLeft.minus(transfer);
      if (at >= startMs) {
        gains.push({
          propertyId: trade.propertyId,
          propertyTitle: pool.title,
          saleDate: date,
          acquiredFrom: part.from,
          acquiredTo: part.to,
          shares: part.shares,
          salePrice: price.toFixed(2),
          transferCosts: transfer.toFixed(2),
          costOfAcquisition: cost.toFixed(2),
          averageCostPerShare: average.toFixed(2),
          gain: price.minus(transfer).minus(cost).toFixed(2),
          holdingDays: daysBetween(part.from, date),
          term,
        });
      }
    });
  }
  const holdings = [...pools.entries()]
    .filter(([, pool]) => pool.cost.shares > 0)
    .map(([propertyId, pool]) => ({
      propertyId,
      propertyTitle: pool.title,
      shares: pool.cost.shares,
      cost: pool.cost.cost.toFixed(2),
      averageCost: averageCost(pool.cost).toFixed(2),
    }))
    .sort((a, b) => a.propertyTitle.localeCompare(b.propertyTitle));
  return { gains, holdings };
}

export type Movement = { at: string; kind: string; description: string; amount: string };
/** `shares` is null for a dividend recorded without its share count (those credited before distributions existed). */
export type DistributionReceived = { at: string; propertyTitle: string; shares: number | null; amount: string };

/** `stateCode`: the investor's state or union territory on record, the GST place of supply (ADR 0053). */
export type StatementInvestor = { name: string; email: string; stateCode?: string | null };

export type StatementFigures = {
  financialYear: string;
  /** How this year's resales are classified, citing the Act in force in the year (capitalGainsRule). */
  capitalGainsRule: string;
  from: string;
  to: string;
  investor: StatementInvestor;
  /** Each platform fee (GST included) charged in the year, one per receipt. */
  platformFees: string[];
  openingBalance: string;
  closingBalance: string;
  /** The day the holdings are stated on: the year's last day, or today while the year runs. */
  holdingsOn: string;
  /** The day the holdings' prices are from: today (each holding's value uses today's price, whatever the year). */
  valuedOn: string;
  /** The holdings' total value at those prices. */
  holdingsValue: string;
  movements: (Movement & { balance: string })[];
  totalIn: string;
  totalOut: string;
  holdings: Holding[];
  distributions: DistributionReceived[];
  distributionsTotal: string;
  gains: GainRow[];
  gainsTotals: { shortTerm: string; longTerm: string; total: string; salePrice: string; transferCosts: string; cost: string };
};

/** Puts the rows together: running balance, totals and the capital-gains summary. */
export function buildStatement(input: {
  startYear: number;
  investor: StatementInvestor;
  openingBalance: string;
  movements: Movement[];
  platformFees?: string[];
  trades: TradeRow[];
  distributions: DistributionReceived[];
  /** Property id → the price its shares are valued at (valuationPrices); a holding without one shows no value. */
  prices?: ReadonlyMap<string, HoldingPrice>;
  now?: Date;
}): StatementFigures {
  const bounds = financialYearBounds(input.startYear);
  let balance = new Decimal(input.openingBalance);
  let totalIn = new Decimal(0);
  let totalOut = new Decimal(0);
  const movements = [...input.movements]
    .sort((a, b) => byCodeUnit(a.at, b.at))
    .map((m) => {
      const amount = new Decimal(m.amount);
      balance = balance.plus(amount);
      if (amount.isNegative()) totalOut = totalOut.plus(amount.abs());
      else totalIn = totalIn.plus(amount);
      return { ...m, amount: amount.toFixed(2), balance: balance.toFixed(2) };
    });
  const replayed = replayTrades(input.trades, bounds);
  const { gains } = replayed;
  const holdings = replayed.holdings.map((h): Holding => {
    const price = input.prices?.get(h.propertyId);
    if (!price) return h;
    return {
      ...h,
      price: new Decimal(price.price).toFixed(2),
      priceBasis: price.basis,
      value: new Decimal(price.price).times(h.shares).toFixed(2),
    };
  });
  const sum = (rows: GainRow[], pick: (row: GainRow) => string) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0)).toFixed(2);
  const distributions = [...input.distributions].sort((a, b) => byCodeUnit(a.at, b.at));
  return {
    financialYear: bounds.label,
    capitalGainsRule: capitalGainsRule(input.startYear),
    from: bounds.from,
    to: bounds.to,
    holdingsOn: [bounds.to, istDateOf(input.now ?? new Date())].sort()[0]!,
    valuedOn: istDateOf(input.now ?? new Date()),
    holdingsValue: holdings.reduce((s, h) => s.plus(h.value ?? 0), new Decimal(0)).toFixed(2),
    investor: input.investor,
    platformFees: (input.platformFees ?? []).map((fee) => new Decimal(fee).toFixed(2)),
    openingBalance: new Decimal(input.openingBalance).toFixed(2),
    closingBalance: balance.toFixed(2),
    movements,
    totalIn: totalIn.toFixed(2),
    totalOut: totalOut.toFixed(2),
    holdings,
    distributions,
    distributionsTotal: distributions.reduce((s, d) => s.plus(d.amount), new Decimal(0)).toFixed(2),
    gains,
    gainsTotals: {
      shortTerm: sum(
        gains.filter((g) => g.term === "Short term"),
        (g) => g.gain,
      ),
      longTerm: sum(
        gains.filter((g) => g.term === "Long term"),
        (g) => g.gain,
      ),
      total: sum(gains, (g) => g.gain),
      salePrice: sum(gains, (g) => g.salePrice),
      transferCosts: sum(gains, (g) => g.transferCosts),
      cost: sum(gains, (g) => g.costOfAcquisition),
    },
  };
}

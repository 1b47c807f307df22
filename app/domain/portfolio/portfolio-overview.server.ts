import { preparedQuery, readInOnePreparedSnapshot, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { propertyCategory } from "~/domain/properties/property-display";
import type { SeriesPoint } from "~/lib/portfolio/cumulative-series";
import type { CategoryCounts, PortfolioTotals } from "~/lib/portfolio/overview-figures";
import { xirr, type CashFlow, type XirrResult } from "~/lib/portfolio/xirr";
import { loadPortfolioFigures } from "~/domain/figures/investor-figures.server";

export type PortfolioOverview = {
  totals: PortfolioTotals;
  distribution: CategoryCounts;
  /** Daily running total invested over the last 12 months; empty when the user never invested. */
  series: SeriesPoint[];
  annualisedReturn: XirrResult;
};

const SERIES_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

// $1 the investor, $2 the chart's first day, $3 its last (today, UTC). Flat JSON arrays rather
// than JSON rows or PostgreSQL arrays: cheap to build here, and JSON.parse reads them in Node,
// where pg's parser for float8[] took ~5% of an overview's CPU.
export const READ_OVERVIEW: PreparedStatement = {
  name: "read_portfolio_overview",
  text: `
    WITH by_type AS (
           -- Each position keeps its property's type (ADR 0112): no join to properties.
           SELECT pos.property_type::text AS type, count(*)::int AS holdings
             FROM user_property_positions pos
            WHERE pos.user_id = $1::uuid AND pos.shares > 0
            GROUP BY 1),
         days AS MATERIALIZED (
           SELECT day, invested, paid, paid_weighted_seconds, received, received_weighted_seconds
             FROM investor_daily_flows WHERE user_id = $1::uuid),
         -- The running total invested at the end of each day of the window something was
         -- invested, starting from everything invested before the window (exact NUMERIC).
         invested AS (
           SELECT day, sum(invested) OVER (ORDER BY day) AS total
             FROM (SELECT greatest(day, $2::date - 1) AS day, sum(invested) AS invested
                     FROM days WHERE invested <> 0 AND day <= $3::date GROUP BY 1) per_day),
         -- Each day's payments and receipts, each sum dated at its flows' amount-weighted mean
         -- time: to first order the same present value at any rate, so the same rate to the
         -- displayed precision (portfolio-overview.test.ts compares it with every flow on its own).
         flows AS (
           SELECT paid_weighted_seconds / paid * 1000 AS at_ms, -paid AS amount FROM days WHERE paid <> 0
           UNION ALL
           SELECT received_weighted_seconds / received * 1000, received FROM days WHERE received <> 0)
    SELECT (SELECT json_agg(by_type) FROM by_type) AS by_type,
           (SELECT json_agg((day - $2::date)::int ORDER BY day) FROM invested) AS invested_days,
           (SELECT json_agg(total::float8 ORDER BY day) FROM invested) AS invested_totals,
           (SELECT json_agg(at_ms::float8) FROM flows) AS flow_times,
           (SELECT json_agg(amount::float8) FROM flows) AS flow_amounts`,
};

/**
 * Everything /dashboard/overview shows, computed where the rows are (ADR 0038): PostgreSQL
 * returns, in one statement, the open positions summed per property type (exact NUMERIC), the
 * running total invested at each day of the window something was invested (filled in here for
 * the days between) and the cash flows per UTC day and direction. The per-day sums come from
 * investor_daily_flows, which triggers keep as rows change, so a view reads at most one row per
 * day the investor was active instead of every investment and transaction (ADR 0038).
 */
export async function getPortfolioOverview(db: PrismaClient, userId: string, now: Date = new Date()): Promise<PortfolioOverview> {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const firstDay = new Date(lastDay.getTime() - (SERIES_DAYS - 1) * DAY_MS);
  const first = isoDay(firstDay);
  // The chart and cash flows in one statement; the money figures from the holdings' own reads.
  // All in one snapshot (ADR 0100): a purchase committing between them showed one holding more
  // in the tiles than in the distribution.
  const [[row], figures] = await readInOnePreparedSnapshot(db, (reader) =>
    Promise.all([
      preparedQuery<{
        by_type: { type: string; holdings: number }[] | null;
        /** Days since the window's first day (-1: the level before it) and the running total then. */
        invested_days: number[] | null;
        invested_totals: number[] | null;
        flow_times: number[] | null;
        flow_amounts: number[] | null;
      }>(reader, READ_OVERVIEW, [userId, first, isoDay(lastDay)]),
      // Invested, value and returns come from the one computation every surface uses (ADR 0046).
      loadPortfolioFigures(reader, userId),
    ]),
  );
  const distribution: CategoryCounts = { residential: 0, commercial: 0, mixed: 0 };
  for (const type of row?.by_type ?? []) distribution[propertyCategory(type.type)] += type.holdings;
  const totals: PortfolioTotals = {
    totalInvestment: figures.invested,
    currentValue: figures.currentValue,
    unrealised: figures.unrealised,
    realised: figures.realised,
    distributions: figures.distributions,
    lifetimeReturn: figures.lifetimeReturn,
    activeProperties: figures.activeProperties,
  };

  const points = runningTotals(row?.invested_days ?? [], row?.invested_totals ?? [], firstDay);

  // A purchase's platform fee is money the investor paid too (investor_daily_flows counts it).
  const times = row?.flow_times ?? [];
  const amounts = row?.flow_amounts ?? [];
  const cashFlows: CashFlow[] = times.map((at, i) => ({ date: new Date(at), amount: amounts[i]! }));
  if (Number(totals.currentValue) > 0) cashFlows.push({ date: now, amount: Number(totals.currentValue) });

  return { totals, distribution, series: points, annualisedReturn: xirr(cashFlows) };
}

/** One point per day of the window, each the running total of the last active day up to it. */
function runningTotals(days: number[], totals: number[], firstDay: Date): SeriesPoint[] {
  if (days.length === 0) return [];
  const dates = windowDates(firstDay.getTime());
  const points: SeriesPoint[] = new Array(SERIES_DAYS);
  let next = 0;
  let total = 0;
  for (let day = 0; day < SERIES_DAYS; day++) {
    while (next < days.length && days[next]! <= day) total = totals[next++]!;
    points[day] = { date: dates[day]!, total };
  }
  return points;
}

// The window's 365 dates are the same for every overview until midnight UTC: formatted once a day.
let calendar: { firstDay: number; dates: string[] } | undefined;
function windowDates(firstDay: number): string[] {
  if (calendar?.firstDay !== firstDay) {
    const dates = Array.from({ length: SERIES_DAYS }, (_, day) => isoDay(new Date(firstDay + day * DAY_MS)));
    calendar = { firstDay, dates };
  }
  return calendar.dates;
}

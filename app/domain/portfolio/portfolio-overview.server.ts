import { preparedQuery, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { propertyCategory } from "~/domain/properties/property-display";
import type { SeriesPoint } from "~/lib/portfolio/cumulative-series";
import type { CategoryCounts, PortfolioTotals } from "~/lib/portfolio/overview-figures";
import { xirr, type CashFlow, type XirrResult } from "~/lib/portfolio/xirr";
import { Decimal } from "~/lib/money";

export type PortfolioOverview = {
  totals: PortfolioTotals;
  distribution: CategoryCounts;
  /** Daily running total invested over the last 12 months; empty when the user never invested. */
  series: SeriesPoint[];
  annualisedReturn: XirrResult;
};

const SERIES_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

// $1 the investor, $2 the chart's first day, $3 its last (today, UTC).
const READ_OVERVIEW: PreparedStatement = {
  name: "read_portfolio_overview",
  text: `
    WITH by_type AS (
           SELECT p.property_type::text AS type, count(*)::int AS holdings,
                  sum(pos.cost_basis)::text AS cost, sum(pos.shares * p.share_price)::text AS value
             FROM user_property_positions pos JOIN properties p ON p.id = pos.property_id
            WHERE pos.user_id = $1::uuid AND pos.shares > 0
            GROUP BY 1),
         days AS MATERIALIZED (
           SELECT day, invested, paid, paid_weighted_seconds, received, received_weighted_seconds
             FROM investor_daily_flows WHERE user_id = $1::uuid),
         -- Investments per day, those before the window on the day before it (the starting
         -- level), then a running sum over every date of the window.
         per_day AS (
           SELECT greatest(day, $2::date - 1) AS day, sum(invested) AS amount
             FROM days WHERE invested <> 0 GROUP BY 1),
         running AS (
           SELECT d.day, sum(coalesce(per_day.amount, 0)) OVER (ORDER BY d.day) AS total
             FROM generate_series($2::date - 1, $3::date, interval '1 day') AS d(day)
             LEFT JOIN per_day ON per_day.day = d.day::date),
         -- Each day's payments and receipts, each sum dated at its flows' amount-weighted mean
         -- time: to first order the same present value at any rate, so the same rate to the
         -- displayed precision (portfolio-overview.test.ts compares it with every flow on its own).
         per_day_flow AS (
           SELECT paid_weighted_seconds / paid * 1000 AS at_ms, -paid AS amount FROM days WHERE paid <> 0
           UNION ALL
           SELECT received_weighted_seconds / received * 1000, received FROM days WHERE received <> 0)
    SELECT (SELECT json_agg(by_type) FROM by_type) AS by_type,
           EXISTS (SELECT 1 FROM per_day) AS invested,
           (SELECT array_agg(total::float8 ORDER BY day) FILTER (WHERE day >= $2::date) FROM running) AS totals,
           (SELECT json_agg(json_build_array(at_ms::float8, amount::float8)) FROM per_day_flow) AS flows`,
};

/**
 * Everything /dashboard/overview shows, computed where the rows are (ADR 0038): PostgreSQL
 * returns, in one statement, the open positions summed per property type (exact NUMERIC), the
 * 365 daily running totals (generate_series and a window sum) and the cash flows per UTC day
 * and direction. The per-day sums come from investor_daily_flows, which triggers keep as rows
 * change, so a view reads at most one row per day the investor was active instead of every
 * investment and transaction (issue 15).
 */
export async function getPortfolioOverview(db: PrismaClient, userId: string, now: Date = new Date()): Promise<PortfolioOverview> {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const firstDay = new Date(lastDay.getTime() - (SERIES_DAYS - 1) * DAY_MS);
  const isoDay = (date: Date) => date.toISOString().slice(0, 10);
  const first = isoDay(firstDay);
  // One statement, so one pooled connection and one round trip per overview.
  const [row] = await preparedQuery<{
    by_type: { type: string; holdings: number; cost: string; value: string }[] | null;
    invested: boolean;
    totals: number[] | null;
    flows: [number, number][] | null;
  }>(db, READ_OVERVIEW, [userId, first, isoDay(lastDay)]);
  const byType = row?.by_type ?? [];
  const flows = (row?.flows ?? []).map(([at_ms, amount]) => ({ at_ms, amount }));

  let cost = new Decimal(0);
  let value = new Decimal(0);
  let activeProperties = 0;
  const distribution: CategoryCounts = { residential: 0, commercial: 0, mixed: 0 };
  for (const row of byType) {
    cost = cost.plus(row.cost);
    value = value.plus(row.value);
    activeProperties += row.holdings;
    distribution[propertyCategory(row.type)] += row.holdings;
  }
  const totals: PortfolioTotals = {
    totalInvestment: cost.toFixed(2),
    currentValue: value.toFixed(2),
    lifetimeReturn: value.minus(cost).toFixed(2),
    activeProperties,
  };

  const points: SeriesPoint[] = !row?.invested
    ? []
    : (row.totals ?? []).map((total, i) => ({ date: isoDay(new Date(firstDay.getTime() + i * DAY_MS)), total }));

  // A purchase's platform fee is money the investor paid too (the SQL above adds it).
  const cashFlows: CashFlow[] = flows.map((row) => ({ date: new Date(Number(row.at_ms)), amount: Number(row.amount) }));
  if (value.gt(0)) cashFlows.push({ date: now, amount: Number(totals.currentValue) });

  return { totals, distribution, series: points, annualisedReturn: xirr(cashFlows) };
}

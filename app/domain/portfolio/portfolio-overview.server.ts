import type { Db } from "~/services/db.server";
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

// Money paid in (negative in the cash flows) and money received (positive).
const PAID = ["investment", "share_purchase", "fee"] as const;
const RECEIVED = ["share_sale", "dividend"] as const;
const SERIES_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything /dashboard/overview shows, computed where the rows are (ADR 0038): PostgreSQL
 * returns, in one statement, a handful of values whatever the investor's history — the open positions summed per
 * property type (exact NUMERIC), the 365 daily running totals (generate_series and a window sum)
 * and the cash flows summed per UTC day and direction — instead of every position and
 * transaction mapped into JavaScript.
 */
export async function getPortfolioOverview(db: Db, userId: string, now: Date = new Date()): Promise<PortfolioOverview> {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const firstDay = new Date(lastDay.getTime() - (SERIES_DAYS - 1) * DAY_MS);
  const isoDay = (date: Date) => date.toISOString().slice(0, 10);
  const first = isoDay(firstDay);
  // One statement, so one pooled connection and one round trip per overview.
  const [row] = await db.$queryRaw<
    {
      by_type: { type: string; holdings: number; cost: string; value: string }[] | null;
      invested: boolean;
      totals: number[] | null;
      flows: [number, number][] | null;
    }[]
  >`
    WITH by_type AS (
           SELECT p.property_type::text AS type, count(*)::int AS holdings,
                  sum(pos.cost_basis)::text AS cost, sum(pos.shares * p.share_price)::text AS value
             FROM user_property_positions pos JOIN properties p ON p.id = pos.property_id
            WHERE pos.user_id = ${userId}::uuid AND pos.shares > 0
            GROUP BY 1),
         -- Investments summed per UTC date (those before the window on the day before it, as
         -- the starting level), then a running sum over every date of the window.
         per_day AS (
           SELECT greatest((investment_date AT TIME ZONE 'UTC')::date, ${first}::date - 1) AS day, sum(total_investment) AS amount
             FROM investments WHERE user_id = ${userId}::uuid AND investment_status = 'confirmed'
            GROUP BY 1),
         running AS (
           SELECT d.day, sum(coalesce(per_day.amount, 0)) OVER (ORDER BY d.day) AS total
             FROM generate_series(${first}::date - 1, ${isoDay(lastDay)}::date, interval '1 day') AS d(day)
             LEFT JOIN per_day ON per_day.day = d.day::date),
         -- Cash flows summed per UTC day and direction, each sum dated at its flows'
         -- amount-weighted mean time: to first order the same present value at any rate, so the
         -- same rate to the displayed precision (portfolio-overview.test.ts compares it with
         -- every flow on its own).
         flow AS MATERIALIZED (
           SELECT date_part('epoch', created_at) AS at_s, (created_at AT TIME ZONE 'UTC')::date AS day,
                  (CASE WHEN transaction_type = ANY(${[...PAID]}::transaction_type[]) THEN -(amount + fee) ELSE amount - fee END)::float8 AS signed
             FROM transactions
            WHERE user_id = ${userId}::uuid AND status = 'completed'
              AND transaction_type = ANY(${[...PAID, ...RECEIVED]}::transaction_type[])),
         per_day_flow AS (
           SELECT sum(at_s * abs(signed)) / sum(abs(signed)) * 1000 AS at_ms, sum(signed) AS amount
             FROM flow WHERE signed <> 0
            GROUP BY day, signed > 0)
    SELECT (SELECT json_agg(by_type) FROM by_type) AS by_type,
           EXISTS (SELECT 1 FROM per_day) AS invested,
           (SELECT array_agg(total::float8 ORDER BY day) FILTER (WHERE day >= ${first}::date) FROM running) AS totals,
           (SELECT json_agg(json_build_array(at_ms, amount)) FROM per_day_flow) AS flows`;
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

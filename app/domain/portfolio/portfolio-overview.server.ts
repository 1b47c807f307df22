import type { Db } from "~/services/db.server";
import { propertyCategory } from "~/domain/properties/property-display";
import { dailyCumulativeSeries, type SeriesPoint } from "~/lib/portfolio/cumulative-series";
import { portfolioTotals, type CategoryCounts, type PortfolioTotals } from "~/lib/portfolio/overview-figures";
import { xirr, type CashFlow, type XirrResult } from "~/lib/portfolio/xirr";
import { Decimal } from "~/lib/money";
import { listOpenPositions } from "./positions.server";

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

/** Everything /dashboard/overview shows, from positions, confirmed investments and completed transactions. */
export async function getPortfolioOverview(db: Db, userId: string, now: Date = new Date()): Promise<PortfolioOverview> {
  // Thousands of rows for a busy investor travel as two arrays in one row each (no per-row
  // mapping): investments summed per UTC day (what the daily series adds up anyway), and every
  // cash flow with its signed amount computed by PostgreSQL on NUMERIC, read as a float (XIRR's type).
  const [positions, [invested], [cash]] = await Promise.all([
    listOpenPositions(db, userId),
    db.$queryRaw<{ days: Date[] | null; amounts: string[] | null }[]>`
      SELECT array_agg(day ORDER BY day) AS days, array_agg(amount::text ORDER BY day) AS amounts
        FROM (SELECT date_trunc('day', investment_date, 'UTC') AS day, sum(total_investment) AS amount
                FROM investments WHERE user_id = ${userId}::uuid AND investment_status = 'confirmed'
               GROUP BY 1) AS per_day`,
    db.$queryRaw<{ times: number[] | null; amounts: number[] | null }[]>`
      SELECT array_agg((extract(epoch FROM created_at) * 1000)::float8) AS times,
             array_agg((CASE WHEN transaction_type::text = ANY(${[...PAID]}::text[]) THEN -(amount + fee) ELSE amount - fee END)::float8) AS amounts
        FROM transactions
       WHERE user_id = ${userId}::uuid AND status = 'completed'
         AND transaction_type::text = ANY(${[...PAID, ...RECEIVED]}::text[])`,
  ]);
  const investments = (invested?.days ?? []).map((day, i) => ({ date: new Date(day), amount: invested!.amounts![i]! }));
  const flows = (cash?.times ?? []).map((time, i) => ({ created_at: new Date(Number(time)), amount: cash!.amounts![i]! }));

  const totals = portfolioTotals(positions);
  const distribution: CategoryCounts = { residential: 0, commercial: 0, mixed: 0 };
  for (const position of positions) distribution[propertyCategory(position.propertyType)] += 1;

  const series = investments.length === 0 ? [] : dailyCumulativeSeries(investments, now);

  // A purchase's platform fee is money the investor paid too (the SQL above adds it).
  const cashFlows: CashFlow[] = flows.map((row) => ({ date: row.created_at, amount: Number(row.amount) }));
  if (new Decimal(totals.currentValue).gt(0)) cashFlows.push({ date: now, amount: Number(totals.currentValue) });

  return { totals, distribution, series, annualisedReturn: xirr(cashFlows) };
}

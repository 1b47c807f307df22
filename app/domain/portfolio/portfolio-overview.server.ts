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
  const [positions, investments, flows] = await Promise.all([
    listOpenPositions(db, userId),
    db.investment.findMany({
      where: { userId, investmentStatus: "confirmed" },
      select: { totalInvestment: true, investmentDate: true },
    }),
    db.transaction.findMany({
      where: { userId, status: "completed", transactionType: { in: [...PAID, ...RECEIVED] } },
      select: { transactionType: true, amount: true, fee: true, createdAt: true },
    }),
  ]);

  const totals = portfolioTotals(positions);
  const distribution: CategoryCounts = { residential: 0, commercial: 0, mixed: 0 };
  for (const position of positions) distribution[propertyCategory(position.propertyType)] += 1;

  const series =
    investments.length === 0
      ? []
      : dailyCumulativeSeries(
          investments.map((row) => ({ date: row.investmentDate, amount: row.totalInvestment })),
          now,
        );

  const cashFlows: CashFlow[] = flows.map((row) => {
    const paid = (PAID as readonly string[]).includes(row.transactionType);
    // A purchase's platform fee is money the investor paid too.
    const amount = paid ? new Decimal(row.amount).plus(row.fee).negated() : new Decimal(row.amount).minus(row.fee);
    return { date: row.createdAt, amount: amount.toNumber() };
  });
  if (new Decimal(totals.currentValue).gt(0)) cashFlows.push({ date: now, amount: Number(totals.currentValue) });

  return { totals, distribution, series, annualisedReturn: xirr(cashFlows) };
}

import { financialYearBounds, financialYearOfMoment } from "~/domain/statements/statement-figures";
import { Decimal } from "~/lib/money";
import { navPerShare } from "./nav";

/** One paid distribution: when it was paid (its payment date) and how much each share got. */
export type PaidDistribution = { paymentDate: string; perShare: Decimal.Value };
export type YearOfDistributions = { year: string; perShare: string; payments: number };

/** Paid distributions per share, summed by Indian financial year (April to March), oldest first. */
export function distributionsByYear(paid: readonly PaidDistribution[]): YearOfDistributions[] {
  const years = new Map<number, { sum: Decimal; payments: number }>();
  for (const row of paid) {
    // A payment date is an IST calendar date; noon IST keeps it inside that day.
    const year = financialYearOfMoment(new Date(`${row.paymentDate}T06:30:00Z`));
    const tally = years.get(year) ?? { sum: new Decimal(0), payments: 0 };
    years.set(year, { sum: tally.sum.plus(row.perShare), payments: tally.payments + 1 });
  }
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, t]) => ({ year: financialYearBounds(year).label, perShare: t.sum.toFixed(4), payments: t.payments }));
}

/** A recorded valuation with the debts and reserves in force when it was recorded. */
export type RecordedValuation = { valuationDate: string; value: Decimal.Value; debts: Decimal.Value; reserves: Decimal.Value };
export type NavPoint = { date: string; nav: string };

/**
 * The NAV per share at each recorded valuation (oldest first). Each earlier point keeps the
 * debts and reserves of its day; the latest uses today's, so the series ends at the NAV every
 * position is valued at.
 */
export function navSeries(
  valuations: readonly RecordedValuation[],
  today: { debts: Decimal.Value; reserves: Decimal.Value },
  totalShares: number,
): NavPoint[] {
  return valuations.map((v, index) => {
    const latest = index === valuations.length - 1;
    const nav = navPerShare({
      value: v.value,
      debts: latest ? today.debts : v.debts,
      reserves: latest ? today.reserves : v.reserves,
      totalShares,
    });
    return { date: v.valuationDate, nav: nav.toFixed(2) };
  });
}

export type NavChange = { from: NavPoint; to: NavPoint; change: string; percent: string | null };

/** First NAV to latest: the change per share and in percent (two decimals); null with fewer than two points. */
export function navChange(series: readonly NavPoint[]): NavChange | null {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last || series.length < 2) return null;
  const change = new Decimal(last.nav).minus(first.nav);
  const percent = new Decimal(first.nav).isZero()
    ? null
    : change.div(first.nav).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return { from: first, to: last, change: change.toFixed(2), percent };
}

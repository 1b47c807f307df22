import { Decimal } from "~/lib/money";

export type DatedAmount = { date: Date; amount: Decimal.Value };
export type SeriesPoint = { date: string; total: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/**
 * The running total of money invested, one point per day over the last `days` days up to
 * `today` (UTC days). Investments before the window form the starting level. Sums are exact
 * (Decimal); the points carry plain numbers because they only place pixels on a chart.
 */
export function dailyCumulativeSeries(investments: readonly DatedAmount[], today: Date, days = 365): SeriesPoint[] {
  const lastDay = utcDay(today);
  const firstDay = lastDay - (days - 1) * DAY_MS;
  const perDay = new Map<number, Decimal>();
  let running = new Decimal(0);
  for (const investment of investments) {
    const day = utcDay(investment.date);
    if (day > lastDay) continue;
    if (day < firstDay) running = running.plus(investment.amount);
    else perDay.set(day, (perDay.get(day) ?? new Decimal(0)).plus(investment.amount));
  }
  const points: SeriesPoint[] = [];
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const added = perDay.get(day);
    if (added) running = running.plus(added);
    points.push({ date: new Date(day).toISOString().slice(0, 10), total: running.toNumber() });
  }
  return points;
}

/**
 * The same chart in fewer points: inside a run of equal totals only the run's first and last
 * day are kept, so a line through the kept points is exactly the line through every day (the
 * dropped points lie on the horizontal segments between them). The first and last day stay.
 */
export function compactSeries(series: readonly SeriesPoint[]): SeriesPoint[] {
  return series.filter((point, i) => {
    const before = series[i - 1];
    const after = series[i + 1];
    return !before || !after || before.total !== point.total || after.total !== point.total;
  });
}

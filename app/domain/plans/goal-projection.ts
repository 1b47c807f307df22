import { Decimal } from "~/lib/money";

/**
 * The goal planner's arithmetic (ADR 0072): what monthly contributions grow to at an assumed
 * yearly return, compounded monthly (a twelfth of the yearly rate each month), and the monthly
 * amount that reaches a goal. The rates are the properties' stated yields, so every figure is
 * an estimate; the band is that yield less and more a fixed margin.
 */

export const BAND_MARGIN_PERCENT = new Decimal(3);

export type Band = { low: Decimal; base: Decimal; high: Decimal };
export type ProjectionPoint = { month: number; contributed: Decimal; low: Decimal; base: Decimal; high: Decimal };

const monthlyRate = (annualPercent: Decimal) => annualPercent.dividedBy(1200);

/** The value after `months` of `monthly` paid at each month's end on top of `start`, at `annualPercent`. */
export function futureValue(start: Decimal.Value, monthly: Decimal.Value, months: number, annualPercent: Decimal.Value): Decimal {
  const r = monthlyRate(new Decimal(annualPercent));
  const growth = r.plus(1).pow(months);
  const fromStart = new Decimal(start).times(growth);
  const fromMonthly = r.isZero() ? new Decimal(monthly).times(months) : new Decimal(monthly).times(growth.minus(1)).dividedBy(r);
  return fromStart.plus(fromMonthly).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The monthly amount, rounded up to the rupee, that takes `start` to `goal` in `months`; zero when `start` gets there alone. */
export function monthlyNeeded(goal: Decimal.Value, start: Decimal.Value, months: number, annualPercent: Decimal.Value): Decimal {
  if (months <= 0) return new Decimal(0);
  const r = monthlyRate(new Decimal(annualPercent));
  const growth = r.plus(1).pow(months);
  const gap = new Decimal(goal).minus(new Decimal(start).times(growth));
  if (gap.lte(0)) return new Decimal(0);
  const perMonth = r.isZero() ? gap.dividedBy(months) : gap.times(r).dividedBy(growth.minus(1));
  return perMonth.ceil();
}

/** The low/base/high yields around a stated one: never below zero. */
export function yieldBand(statedPercent: Decimal.Value): Band {
  const base = new Decimal(statedPercent);
  return { low: Decimal.max(0, base.minus(BAND_MARGIN_PERCENT)), base, high: base.plus(BAND_MARGIN_PERCENT) };
}

/** The projection month by month, from 0 to `months`, in the three cases of the band. */
export function projectContributions(start: Decimal.Value, monthly: Decimal.Value, months: number, band: Band): ProjectionPoint[] {
  const points: ProjectionPoint[] = [];
  for (let month = 0; month <= months; month += 1) {
    points.push({
      month,
      contributed: new Decimal(start).plus(new Decimal(monthly).times(month)),
      low: futureValue(start, monthly, month, band.low),
      base: futureValue(start, monthly, month, band.base),
      high: futureValue(start, monthly, month, band.high),
    });
  }
  return points;
}

/** Whole months from one Indian date to another (a part month counts only once it has passed). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return Math.max(0, (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0));
}

/**
 * When a monthly plan is due, in Indian dates ("YYYY-MM-DD"): a plan's period is a calendar
 * month ("YYYY-MM"), and a day past the month's end (29-31) falls on its last day, so a plan
 * for the 31st runs on 30 April and 28 (or 29) February.
 */

export type PlanCalendar = { dayOfMonth: number; startDate: string; endDate: string | null };

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The period ("YYYY-MM") an Indian date belongs to. */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

/** The day in `period` a plan for `dayOfMonth` runs on. */
export function dueDateIn(period: string, dayOfMonth: number): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${period}-${String(day).padStart(2, "0")}`;
}

/** The period after `period`. */
export function nextPeriod(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/** Whether this period's run falls inside the plan's dates. */
export function periodInPlan(plan: PlanCalendar, period: string): boolean {
  const due = dueDateIn(period, plan.dayOfMonth);
  return due >= plan.startDate && (plan.endDate === null || due <= plan.endDate);
}

/**
 * The period a plan should run for on `today`, or null: its due day in this month has come
 * (a run missed earlier in the month is caught up later in it, never in the next month).
 */
export function duePeriodOn(plan: PlanCalendar, today: string): string | null {
  const period = periodOf(today);
  if (!periodInPlan(plan, period)) return null;
  return dueDateIn(period, plan.dayOfMonth) <= today ? period : null;
}

/** The next run's date on or after `today` (a reminder's "tomorrow"), or null once the plan has ended. */
export function nextDueDate(plan: PlanCalendar, today: string): string | null {
  let period = periodOf(today < plan.startDate ? plan.startDate : today);
  for (let i = 0; i < 24; i += 1) {
    const due = dueDateIn(period, plan.dayOfMonth);
    if (plan.endDate !== null && due > plan.endDate) return null;
    if (due >= today && due >= plan.startDate) return due;
    period = nextPeriod(period);
  }
  return null;
}

/** The Indian date one day after `date`. */
export function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

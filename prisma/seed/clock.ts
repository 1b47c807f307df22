const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo dates are relative to the moment of seeding, so a fresh database always shows a
 * year of history ending today. Times are pinned to mid-morning IST for tidy timelines.
 */
export type Clock = { now: Date; daysAgo: (days: number, hour?: number) => Date; daysAhead: (days: number) => Date };

export function createClock(now = new Date()): Clock {
  const daysAgo = (days: number, hour = 5) => {
    const date = new Date(now.getTime() - days * DAY_MS);
    if (days > 0) date.setUTCHours(hour, 30, 0, 0);
    return date;
  };
  return { now, daysAgo, daysAhead: (days: number) => new Date(now.getTime() + days * DAY_MS) };
}

/** A calendar date (for DATE columns) the given number of days from today; negative is past. */
export function dateOffset(clock: Clock, days: number): Date {
  const date = new Date(clock.now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

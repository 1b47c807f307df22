// Each Intl formatter is built once per process: building one (what toLocaleString does on every
// call) looks up locale data and costs far more than formatting with it (ADR 0026). Dates are
// shown in India time, or as calendar dates, so the server and the browser write the same text.

const count = new Intl.NumberFormat("en-IN");
const upToTwoDecimals = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
const calendarDate = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const indiaDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });
const indiaDateTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });

/** 120000 → "1,20,000" (Indian digit grouping). */
export function formatCount(value: number): string {
  return count.format(value);
}

/** 12.345 → "12.35", 4 → "4": grouped, at most two decimals. */
export function formatUpToTwoDecimals(value: number): string {
  return upToTwoDecimals.format(value);
}

/** "2026-03-01" → "1 March 2026"; a calendar date, so no time zone shifts it. */
export function formatCalendarDate(iso: string): string {
  return calendarDate.format(new Date(`${iso}T00:00:00Z`));
}

/** A moment as its date in India: "24 Nov 2026". */
export function formatIndiaDate(when: string | Date): string {
  return indiaDate.format(typeof when === "string" ? new Date(when) : when);
}

/** A moment in India time: "24 Nov 2026, 9:52 pm". */
export function formatIndiaDateTime(when: string | Date): string {
  return indiaDateTime.format(typeof when === "string" ? new Date(when) : when);
}

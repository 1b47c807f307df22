// The one place the app words its figures: counts, shares, rupees and dates. Each Intl formatter
// is built once per process: building one (what toLocaleString does on every call) looks up
// locale data and costs far more than formatting with it (ADR 0026). Dates are shown in India
// time, or as calendar dates, so the server and the browser write the same text.
import { Decimal, formatINR } from "~/lib/money";

const count = new Intl.NumberFormat("en-IN");
const upToTwoDecimals = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
const calendarDate = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const indiaDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });
const indiaDateTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
const indiaTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit" });

const NO_DATE = "—";
const moment = (when: string | Date) => (typeof when === "string" ? new Date(when) : when);

/** 120000 → "1,20,000" (Indian digit grouping). */
export function formatCount(value: number): string {
  return count.format(value);
}

/** 1 → "1 share", 1200 → "1,200 shares". */
export function formatShares(shares: number): string {
  return `${formatCount(shares)} ${shares === 1 ? "share" : "shares"}`;
}

/** 12.345 → "12.35", 4 → "4": grouped, at most two decimals. */
export function formatUpToTwoDecimals(value: number): string {
  return upToTwoDecimals.format(value);
}

/**
 * Rupees in Indian grouping: "₹1,02,000.50". Paise are shown "always" (the default), "if-any"
 * ("₹500", "₹500.50") or "never" (rounded to the rupee).
 */
export function formatRupees(value: Decimal.Value, { paise = "always" }: { paise?: "always" | "if-any" | "never" } = {}): string {
  const showPaise = paise === "always" || (paise === "if-any" && !new Decimal(value).isInteger());
  return formatINR(value, { paise: showPaise });
}

/** Rupees with their direction: "+₹500", "−₹1,02,000"; paise only when there are any. */
export function formatSignedRupees(value: Decimal.Value): string {
  const amount = new Decimal(value);
  const sign = amount.isZero() ? "" : amount.isNegative() ? "−" : "+";
  return `${sign}${formatRupees(amount.abs(), { paise: "if-any" })}`;
}

/** "2026-03-01" → "1 March 2026"; a calendar date, so no time zone shifts it. */
export function formatCalendarDate(iso: string): string;
export function formatCalendarDate(iso: string | null): string | null;
export function formatCalendarDate(iso: string | null): string | null {
  return iso === null ? null : calendarDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** A moment as its date in India: "24 Nov 2026". */
export function formatIndiaDate(when: string | Date): string {
  return indiaDate.format(moment(when));
}

/** A moment in India time: "24 Nov 2026, 9:52 pm"; a dash when there is none. */
export function formatIndiaDateTime(when: string | Date | null): string {
  return when ? indiaDateTime.format(moment(when)) : NO_DATE;
}

/** A moment's time of day in India: "9:52 pm". */
export function formatIndiaTime(when: string | Date): string {
  return indiaTime.format(moment(when));
}

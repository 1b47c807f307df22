// The one place the app words its figures: counts, shares, rupees and dates. They are written by
// indian-numerals, not Intl: building an en-IN Intl formatter costs a phone about 20 ms as the app
// starts (ADR 0087; ADR 0026 had each built once per process). Dates are shown in India time, or as
// calendar dates, so the server and the browser write the same text.
import {
  calendarParts,
  clockTime,
  dayLongMonthYear,
  dayShortMonthYear,
  formatIndianNumber,
  indiaParts,
  plainDecimal,
} from "~/lib/indian-numerals";
import { Decimal, formatINR } from "~/lib/money";

const NO_DATE = "—";
const moment = (when: string | Date) => (typeof when === "string" ? new Date(when) : when);

/** 120000 → "1,20,000" (Indian digit grouping). */
export function formatCount(value: number): string {
  return formatIndianNumber(value);
}

/** 1 → "1 share", 1200 → "1,200 shares". */
export function formatShares(shares: number): string {
  return `${formatCount(shares)} ${shares === 1 ? "share" : "shares"}`;
}

/** 12.345 → "12.35", 4 → "4": grouped, at most two decimals. */
export function formatUpToTwoDecimals(value: number): string {
  return formatIndianNumber(value, { maxDecimals: 2 });
}

/**
 * Rupees in Indian grouping: "₹1,02,000.50". Paise are shown "always" (the default), "if-any"
 * ("₹500", "₹500.50") or "never" (rounded to the rupee).
 */
export function formatRupees(value: Decimal.Value, { paise = "always" }: { paise?: "always" | "if-any" | "never" } = {}): string {
  const showPaise = paise === "always" || (paise === "if-any" && !isWhole(value));
  return formatINR(value, { paise: showPaise });
}

/** Rupees with their direction: "+₹500", "−₹1,02,000"; paise only when there are any. */
export function formatSignedRupees(value: Decimal.Value): string {
  const plain = plainDecimal(value);
  if (plain) {
    const zero = plain.whole === "0" && plain.fraction === "";
    const digits = `${plain.whole}${plain.fraction ? `.${plain.fraction}` : ""}`;
    return `${zero ? "" : plain.negative ? "−" : "+"}${formatRupees(digits, { paise: "if-any" })}`;
  }
  const amount = new Decimal(value);
  const sign = amount.isZero() ? "" : amount.isNegative() ? "−" : "+";
  return `${sign}${formatRupees(amount.abs(), { paise: "if-any" })}`;
}

function isWhole(value: Decimal.Value): boolean {
  const plain = plainDecimal(value);
  return plain ? plain.fraction === "" : new Decimal(value).isInteger();
}

/** "2026-03-01" → "1 March 2026"; a calendar date, so no time zone shifts it. */
export function formatCalendarDate(iso: string): string;
export function formatCalendarDate(iso: string | null): string | null;
export function formatCalendarDate(iso: string | null): string | null {
  return iso === null ? null : dayLongMonthYear(calendarParts(new Date(`${iso.slice(0, 10)}T00:00:00Z`)));
}

/** A moment as its date in India: "24 Nov 2026". */
export function formatIndiaDate(when: string | Date): string {
  return dayShortMonthYear(indiaParts(moment(when)));
}

/** A moment in India time: "24 Nov 2026, 9:52 pm"; a dash when there is none. */
export function formatIndiaDateTime(when: string | Date | null): string {
  if (!when) return NO_DATE;
  const parts = indiaParts(moment(when));
  return `${dayShortMonthYear(parts)}, ${clockTime(parts)}`;
}

/** A moment's time of day in India: "9:52 pm". */
export function formatIndiaTime(when: string | Date): string {
  return clockTime(indiaParts(moment(when)));
}

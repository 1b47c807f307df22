// Indian digit grouping and India time written without Intl. Building an en-IN Intl formatter
// loads ICU's locale and zone data: about 20 ms on a mid-range phone's first page, in the very
// task that starts the app, for text these few lines write exactly (ADR 0087). Amounts never pass
// through a float: the Decimal's own digits are grouped.
import Decimal from "decimal.js";

/** "1234567" → "12,34,567": the last three digits, then pairs. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A value written as plain digits ("-10200.00", "7", "0.50", or a safe integer): its sign, whole
 * digits without leading zeros and fraction without trailing zeros; zero has no sign. Null for
 * anything else (a Decimal, an exponent, a fraction of a number), which Decimal reads instead.
 */
export function plainDecimal(value: Decimal.Value): { negative: boolean; whole: string; fraction: string } | null {
  const text = typeof value === "string" ? value : typeof value === "number" && Number.isSafeInteger(value) ? String(value) : null;
  const match = text === null ? null : PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[2]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  return { negative: match[1] === "-" && (whole !== "0" || fraction !== ""), whole, fraction };
}

/**
 * A number grouped the Indian way, rounded half away from zero (what Intl does by default) to at
 * most `maxDecimals` places, or exactly `decimals` places when given. Zero has no sign.
 */
export function formatIndianNumber(
  value: Decimal.Value,
  { maxDecimals = 3, decimals }: { maxDecimals?: number; decimals?: number } = {},
): string {
  // Most figures arrive as NUMERIC's text or whole counts, with nothing to round: their own
  // digits, without building a Decimal (a page of 25 transactions formats about 75 amounts).
  const plain = plainDecimal(value);
  if (plain && plain.fraction.length <= (decimals ?? maxDecimals)) {
    const fraction = decimals === undefined ? plain.fraction : plain.fraction.padEnd(decimals, "0");
    return `${plain.negative ? "-" : ""}${groupIndian(plain.whole)}${fraction ? `.${fraction}` : ""}`;
  }
  const rounded = new Decimal(value).toDecimalPlaces(decimals ?? maxDecimals, Decimal.ROUND_HALF_UP);
  let fixed = rounded.abs().toFixed(decimals ?? rounded.decimalPlaces());
  if (decimals === undefined && fixed.includes(".")) fixed = fixed.replace(/\.?0+$/, "");
  const [whole, fraction] = fixed.split(".") as [string, string | undefined];
  const sign = rounded.isNegative() && !rounded.isZero() ? "-" : "";
  return `${sign}${groupIndian(whole)}${fraction ? `.${fraction}` : ""}`;
}

// India has kept one offset, UTC+05:30, with no summer time since 1945.
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

function utcParts(date: Date): DateParts {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

/** The calendar fields of a moment on a clock in India. */
export const indiaParts = (moment: Date): DateParts => utcParts(new Date(moment.getTime() + INDIA_OFFSET_MS));
/** The calendar fields of a moment in UTC (for calendar dates stored as UTC midnights). */
export const calendarParts = utcParts;

/** "6 Sept 2026" */
export const dayShortMonthYear = ({ day, month, year }: DateParts) => `${day} ${SHORT_MONTHS[month]} ${year}`;
/** "6 September 2026" */
export const dayLongMonthYear = ({ day, month, year }: DateParts) => `${day} ${LONG_MONTHS[month]} ${year}`;
/** "6 Sept" */
export const dayShortMonth = ({ day, month }: DateParts) => `${day} ${SHORT_MONTHS[month]}`;
/** "Sept" */
export const shortMonth = ({ month }: DateParts) => SHORT_MONTHS[month]!;
/** "Sept 26" */
export const shortMonthTwoDigitYear = ({ month, year }: DateParts) => `${SHORT_MONTHS[month]} ${String(year % 100).padStart(2, "0")}`;
/** "1:05 am", "12:00 pm" */
export const clockTime = ({ hour, minute }: DateParts) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCount,
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaTime,
  formatRupees,
  formatSignedRupees,
  formatUpToTwoDecimals,
} from "./formats";
import {
  calendarParts,
  dayShortMonth,
  formatIndianNumber,
  groupIndian,
  indiaParts,
  shortMonth,
  shortMonthTwoDigitYear,
} from "./indian-numerals";
import { Decimal, formatINR } from "./money";

// ICU's en-IN data, as Node ships it, is the reference: these formatters replace Intl and must
// write what it wrote (ADR 0087).
const icu = {
  rupees: new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }),
  paise: new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  count: new Intl.NumberFormat("en-IN"),
  twoDecimals: new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }),
  calendar: new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }),
  date: new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" }),
  dateTime: new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" }),
  time: new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", minute: "2-digit" }),
  dayMonth: new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" }),
  monthYear: new Intl.DateTimeFormat("en-IN", { month: "short", year: "2-digit", timeZone: "Asia/Kolkata" }),
  month: new Intl.DateTimeFormat("en-IN", { month: "short", timeZone: "UTC" }),
};

// Paise amounts up to the domain's largest (NUMERIC(16,2)), both signs.
const paiseAmount = fc.bigInt({ min: -(10n ** 16n) + 1n, max: 10n ** 16n - 1n }).map((paise) => {
  const sign = paise < 0n ? "-" : "";
  const digits = (paise < 0n ? -paise : paise).toString().padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
});
// Moments from 1970 to 2100, to the minute and beyond.
const moment = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));

// Plain digits as they reach the formatters (NUMERIC's text, counts) and as they might: leading
// zeros, trailing zeros, fractions longer than any format keeps, negative zero.
const plainDigits = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,20}$/), fc.option(fc.stringMatching(/^[0-9]{1,6}$/)))
  .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`);

describe("plain digits, written without a Decimal (the formatters' fast path)", () => {
  // A Decimal argument always takes the Decimal path, so the same functions given one are the reference.
  it("write what the Decimal reading writes, for every format option", () => {
    fc.assert(
      fc.property(plainDigits, fc.integer({ min: 0, max: 4 }), fc.option(fc.constantFrom(0, 2)), (value, maxDecimals, decimals) => {
        const options = decimals === null ? { maxDecimals } : { decimals };
        expect(formatIndianNumber(value, options)).toBe(formatIndianNumber(new Decimal(value), options));
      }),
      { numRuns: 3000 },
    );
  });

  it("write signed and if-any rupees as the Decimal reading does", () => {
    fc.assert(
      fc.property(plainDigits, (value) => {
        expect(formatSignedRupees(value)).toBe(formatSignedRupees(new Decimal(value)));
        expect(formatRupees(value, { paise: "if-any" })).toBe(formatRupees(new Decimal(value), { paise: "if-any" }));
        expect(formatRupees(value)).toBe(formatRupees(new Decimal(value)));
      }),
      { numRuns: 3000 },
    );
  });

  it("write whole counts as the Decimal reading does, negative zero and the largest safe integer included", () => {
    for (const count of [0, -0, 7, -1200, 120000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(count)).toBe(formatIndianNumber(new Decimal(count)));
    }
    expect(formatSignedRupees("-0.00")).toBe("₹0");
    expect(formatSignedRupees("-0010200.50")).toBe("−₹10,200.50");
    expect(formatIndianNumber("0.005", { decimals: 2 })).toBe("0.01");
  });
});

describe("Indian numerals without Intl", () => {
  it("group digits in threes then pairs", () => {
    expect(groupIndian("7")).toBe("7");
    expect(groupIndian("1000")).toBe("1,000");
    expect(groupIndian("120000")).toBe("1,20,000");
    expect(groupIndian("1234567890123")).toBe("12,34,56,78,90,123");
  });

  it("write rupees as ICU's en-IN did, for every paise amount a NUMERIC(16,2) holds", () => {
    fc.assert(
      fc.property(paiseAmount, (amount) => {
        // A float carries 15 significant digits exactly; past that Intl wrote a neighbouring amount.
        fc.pre(Math.abs(Number(amount)) < 1e13);
        const whole = icu.rupees.format(Number(amount)).replace(/^-₹0$/, "₹0");
        expect(formatINR(amount, { paise: true })).toBe(icu.paise.format(Number(amount)).replace(/^-₹0\.00$/, "₹0.00"));
        expect(formatINR(amount)).toBe(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it("keep every digit of an amount a float would round", () => {
    expect(formatINR("99999999999999.99", { paise: true })).toBe("₹9,99,99,99,99,99,999.99");
    expect(formatINR("-0.4")).toBe("₹0");
    expect(formatINR("2.5")).toBe("₹3");
    expect(formatINR("-2.5")).toBe("-₹3");
  });

  it("write counts and two-decimal figures as ICU's en-IN did", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 999 }), (whole, thousandths) => {
        const value = Number(`${whole}.${String(thousandths).padStart(3, "0")}`);
        expect(formatCount(whole)).toBe(icu.count.format(whole));
        expect(formatCount(value)).toBe(icu.count.format(value).replace(/^-0$/, "0"));
        expect(formatUpToTwoDecimals(value)).toBe(icu.twoDecimals.format(value).replace(/^-0$/, "0"));
      }),
      { numRuns: 2000 },
    );
  });

  it("write moments in India time and calendar dates as ICU's en-IN did", () => {
    fc.assert(
      fc.property(moment, (when) => {
        expect(formatIndiaDate(when)).toBe(icu.date.format(when));
        expect(formatIndiaDateTime(when)).toBe(icu.dateTime.format(when));
        expect(formatIndiaTime(when)).toBe(icu.time.format(when));
        expect(formatCalendarDate(when.toISOString())).toBe(icu.calendar.format(new Date(`${when.toISOString().slice(0, 10)}T00:00:00Z`)));
        expect(dayShortMonth(indiaParts(when))).toBe(icu.dayMonth.format(when));
        expect(shortMonthTwoDigitYear(indiaParts(when))).toBe(icu.monthYear.format(when));
        expect(shortMonth(calendarParts(when))).toBe(icu.month.format(when));
      }),
      { numRuns: 3000 },
    );
  });

  it("refuse an invalid moment as Intl did", () => {
    expect(() => formatIndiaDate("not a date")).toThrow(RangeError);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountNumbersMatch } from "./bank-details";
import { ageOn, indiaToday, isAdultOn, isValidPostalCode, normalizeIndianMobile } from "./contact";

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(""));

describe("Indian mobile", () => {
  it("accepts 10 digits starting 6-9, with or without +91, and stores +91 and the digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 9 }), digits(9), fc.constantFrom("", "+91", "+91 ", "91", "0091"), (first, rest, prefix) => {
        expect(normalizeIndianMobile(`${prefix}${first}${rest}`)).toBe(`+91${first}${rest}`);
      }),
    );
  });
  it("refuses a first digit 0-5, other lengths and other country codes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), digits(9), (first, rest) => {
        expect(normalizeIndianMobile(`+91${first}${rest}`)).toBeNull();
      }),
    );
    expect(normalizeIndianMobile("+9198765432")).toBeNull();
    expect(normalizeIndianMobile("+4498765432101")).toBeNull();
    expect(normalizeIndianMobile("+91987654321012")).toBeNull();
  });
});

describe("postal code", () => {
  it("is six digits not starting with 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100000, max: 999999 }), (n) => {
        expect(isValidPostalCode(String(n))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(digits(5), (rest) => {
        expect(isValidPostalCode(`0${rest}`)).toBe(false);
      }),
    );
    expect(isValidPostalCode("56001")).toBe(false);
    expect(isValidPostalCode("5600011")).toBe(false);
    expect(isValidPostalCode("56000a")).toBe(false);
  });
});

describe("age", () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it("is 18 exactly on the 18th birthday, not the day before", () => {
    expect(isAdultOn("2008-11-22", today)).toBe(true);
    expect(isAdultOn("2008-11-23", today)).toBe(false);
    expect(isAdultOn("2030-01-01", today)).toBe(false);
    expect(isAdultOn("2008-02-30", today)).toBe(false);
  });
  it("a 29 February birthday comes of age on 1 March in a common year", () => {
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(Date.UTC(2026, 1, 28)))).toBe(17);
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(Date.UTC(2026, 2, 1)))).toBe(18);
  });
  it("agrees with counting birthdays for any date", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1920-01-01"), max: new Date("2026-11-22"), noInvalidDate: true }), (birth) => {
        const b = { year: birth.getUTCFullYear(), month: birth.getUTCMonth() + 1, day: birth.getUTCDate() };
        const age = ageOn(b, today);
        const lastBirthdayYear = b.year + age;
        // The birthday in year b.year + age has passed (or is today); the next one has not.
        const passed = (y: number) => y < 2026 || (y === 2026 && (b.month < 11 || (b.month === 11 && b.day <= 22)));
        expect(passed(lastBirthdayYear)).toBe(true);
        expect(passed(lastBirthdayYear + 1)).toBe(false);
      }),
    );
  });
  it("uses India's date: 20:00 UTC is already the next day in India", () => {
    expect(indiaToday(new Date("2026-11-21T20:00:00Z")).toISOString().slice(0, 10)).toBe("2026-11-22");
    expect(indiaToday(new Date("2026-11-21T18:00:00Z")).toISOString().slice(0, 10)).toBe("2026-11-21");
  });
});

describe("account numbers", () => {
  it("match only when equal, spaces aside", () => {
    expect(accountNumbersMatch("5010 0234 5678", "501002345678")).toBe(true);
    fc.assert(
      fc.property(digits(12), digits(12), (a, b) => {
        expect(accountNumbersMatch(a, b)).toBe(a === b);
      }),
    );
  });
});

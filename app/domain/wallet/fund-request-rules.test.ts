import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import {
  checkDailyLimit,
  checkWithdrawalAmount,
  DEFAULT_FUND_LIMITS,
  parseFundAmount as parseWithLimits,
  parsePriority,
  PRIORITY_TURNAROUND,
} from "./fund-request-rules";

const parseFundAmount = (raw: unknown) => parseWithLimits(raw, DEFAULT_FUND_LIMITS);

const invalid = "Invalid Amount - Please enter a valid amount (minimum ₹1,000)";

describe("fund request amount", () => {
  it("accepts every whole or paise amount from ₹1,000 to the per-request limit (₹1 crore by default), exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 100000n, max: 10n ** 9n }), fc.boolean(), (paise, withPaise) => {
        const text = withPaise ? `${paise / 100n}.${String(paise % 100n).padStart(2, "0")}` : String(paise / 100n);
        const check = parseFundAmount(text);
        expect(check.ok).toBe(true);
        if (check.ok) expect(check.amount.equals(new Decimal(text))).toBe(true);
      }),
    );
  });

  it("refuses anything under ₹1,000", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), (paise) => {
        const text = `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
        expect(parseFundAmount(text)).toEqual({ ok: false, message: invalid });
      }),
    );
  });

  it("refuses anything but an amount in rupees with at most two decimals", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*(₹|rs\.?|inr)?\s*[\d,]+(\.\d{0,2})?\s*$/i.test(s)),
        (text) => {
          expect(parseFundAmount(text).ok).toBe(false);
        },
      ),
    );
    for (const text of ["1e4", "-5000", "5000.00.0", "Infinity", "5000.123", "1,0,000"]) {
      expect(parseFundAmount(text)).toEqual({ ok: false, message: invalid });
    }
  });

  it("reads grouped and rupee-marked amounts the one way every form does", () => {
    for (const [text, amount] of [
      ["1,00,000", "100000"],
      ["₹1,00,000", "100000"],
      ["100000.50", "100000.5"],
    ] as const) {
      const check = parseFundAmount(text);
      expect(check.ok && check.amount.toString()).toBe(amount);
    }
  });

  it("refuses more than the per-request limit, saying it in Indian grouping", () => {
    const tooMuch = { ok: false, message: "Maximum per request is ₹1,00,00,000" };
    expect(parseFundAmount("10000000.01")).toEqual(tooMuch);
    expect(parseFundAmount("9,99,99,99,99,999")).toEqual(tooMuch);
    expect(parseFundAmount("5000050000100000")).toEqual(tooMuch);
    expect(parseFundAmount("1".repeat(20))).toEqual(tooMuch);
    expect(parseWithLimits("60000", { perRequest: "50000", perDay: "50000" })).toEqual({
      ok: false,
      message: "Maximum per request is ₹50,000",
    });
  });

  it("keeps a day's requests within the per-day limit, saying what is left", () => {
    const limits = { perRequest: "10000000", perDay: "20000000" };
    expect(checkDailyLimit(new Decimal("5000000"), "15000000", limits).ok).toBe(true);
    expect(checkDailyLimit(new Decimal("5000000.01"), "15000000", limits)).toEqual({
      ok: false,
      message: "You can request up to ₹2,00,00,000 a day; ₹50,00,000 is left for today",
    });
    expect(checkDailyLimit(new Decimal("1000"), "19999999.5", limits)).toEqual({
      ok: false,
      message: "You can request up to ₹2,00,00,000 a day; ₹0.50 is left for today",
    });
  });

  it("refuses a withdrawal above the available balance, showing it", () => {
    expect(checkWithdrawalAmount("2500", "2499.99", DEFAULT_FUND_LIMITS)).toEqual({
      ok: false,
      message: "Insufficient Balance - Your available balance is ₹2,499.99",
    });
    expect(checkWithdrawalAmount("2499.99", "2499.99", DEFAULT_FUND_LIMITS).ok).toBe(true);
  });

  it("defaults the priority to medium and states the spec's turnaround", () => {
    expect(parsePriority(undefined)).toBe("medium");
    expect(parsePriority("urgent")).toBe("medium");
    expect(parsePriority("high")).toBe("high");
    expect(PRIORITY_TURNAROUND).toEqual({ low: "5-7 business days", medium: "2-3 business days", high: "Within 24 hours" });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { checkWithdrawalAmount, parseFundAmount, parsePriority, PRIORITY_TURNAROUND } from "./fund-request-rules";

const invalid = "Invalid Amount - Please enter a valid amount (minimum ₹1,000)";

describe("fund request amount", () => {
  it("accepts every whole or paise amount of at least ₹1,000, exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 100000n, max: 10n ** 14n }), fc.boolean(), (paise, withPaise) => {
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

  it("refuses anything but digits with at most one decimal point", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*\d+(\.\d{0,2})?\s*$/.test(s)),
        (text) => {
          expect(parseFundAmount(text).ok).toBe(false);
        },
      ),
    );
    for (const text of ["1,000", "1e4", "-5000", "5000.00.0", "Infinity", "5000.123"]) expect(parseFundAmount(text).ok).toBe(false);
  });

  it("refuses a withdrawal above the available balance, showing it", () => {
    expect(checkWithdrawalAmount("2500", "2499.99")).toEqual({
      ok: false,
      message: "Insufficient Balance - Your available balance is ₹2,499.99",
    });
    expect(checkWithdrawalAmount("2499.99", "2499.99").ok).toBe(true);
  });

  it("defaults the priority to medium and states the spec's turnaround", () => {
    expect(parsePriority(undefined)).toBe("medium");
    expect(parsePriority("urgent")).toBe("medium");
    expect(parsePriority("high")).toBe("high");
    expect(PRIORITY_TURNAROUND).toEqual({ low: "5-7 business days", medium: "2-3 business days", high: "Within 24 hours" });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { breakdownToStrings, calculatePurchaseBreakdown, platformFeeFor } from "./purchase-breakdown";
import { isInvestButtonDisabled } from "./invest-button";

// Prices and balances as the database stores them: NUMERIC(16,2), built from whole paise.
const paise = (max: number) => fc.integer({ min: 1, max }).map((p) => new Decimal(p).div(100));
const sharePrice = paise(1_00_00_000_00); // up to ₹1 crore a share
const balance = fc.integer({ min: 0, max: 1_000_00_00_000_00 }).map((p) => new Decimal(p).div(100));
const shares = fc.integer({ min: 1, max: 100_000 });

/** Half-up to paise computed in integer paise × 100 (independent of decimal.js rounding modes). */
function feeByIntegerArithmetic(subtotal: Decimal): Decimal {
  const subtotalPaise = BigInt(subtotal.times(100).toFixed(0));
  const feeTimes100 = subtotalPaise * 2n; // fee in hundredths of a paisa
  const feePaise = (feeTimes100 + 50n) / 100n;
  return new Decimal(feePaise.toString()).div(100);
}

describe("purchase breakdown", () => {
  it("fee is 2% of the subtotal rounded half-up to paise, and total is subtotal + fee exactly", () => {
    fc.assert(
      fc.property(shares, sharePrice, balance, (n, price, wallet) => {
        const b = calculatePurchaseBreakdown({ shares: n, sharePrice: price, walletBalance: wallet });
        expect(b.subtotal.eq(price.times(n))).toBe(true);
        expect(b.fee.eq(feeByIntegerArithmetic(b.subtotal))).toBe(true);
        expect(b.total.eq(b.subtotal.plus(b.fee))).toBe(true);
        expect(b.remainingBalance.eq(wallet.minus(b.total))).toBe(true);
        for (const amount of [b.subtotal, b.fee, b.total, b.remainingBalance]) expect(amount.decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("rounds the fee half-up at the half-paisa boundary", () => {
    expect(platformFeeFor("0.25").toFixed(2)).toBe("0.01"); // 0.005
    expect(platformFeeFor("0.24").toFixed(2)).toBe("0.00"); // 0.0048
    expect(platformFeeFor("100.25").toFixed(2)).toBe("2.01"); // 2.005
    expect(platformFeeFor("10000").toFixed(2)).toBe("200.00");
  });

  it("serialises to fixed two-decimal strings that parse back to the same amounts", () => {
    fc.assert(
      fc.property(shares, sharePrice, balance, (n, price, wallet) => {
        const b = calculatePurchaseBreakdown({ shares: n, sharePrice: price, walletBalance: wallet });
        const s = breakdownToStrings(b);
        for (const key of ["subtotal", "fee", "total", "remainingBalance"] as const) {
          expect(s[key]).toMatch(/^-?\d+\.\d{2}$/);
          expect(new Decimal(s[key]).eq(b[key])).toBe(true);
        }
      }),
    );
  });

  it("treats anything but a whole positive quantity as an empty order", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.double({ noNaN: false }).filter((x) => !Number.isInteger(x)),
        ),
        (n) => {
          const b = calculatePurchaseBreakdown({ shares: n, sharePrice: "10000", walletBalance: "5" });
          expect([b.subtotal.toFixed(2), b.fee.toFixed(2), b.total.toFixed(2), b.remainingBalance.toFixed(2)]).toEqual([
            "0.00",
            "0.00",
            "0.00",
            "5.00",
          ]);
        },
      ),
    );
  });
});

describe("Invest button", () => {
  it("is disabled exactly when processing, the total is not positive, or the wallet would go negative", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (processing, t, r) => {
        const total = new Decimal(t).div(100);
        const remainingBalance = new Decimal(r).div(100);
        expect(isInvestButtonDisabled({ processing, total, remainingBalance })).toBe(processing || t <= 0 || r < 0);
      }),
    );
  });
});

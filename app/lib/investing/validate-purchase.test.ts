import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal, formatINR } from "~/lib/money";
import { parseShareInput, isWholeShareCount } from "./share-input";
import { validatePurchase, type PurchaseProblemCode } from "./validate-purchase";
import { purchaseFormSchema, purchaseFormSchemaWithRules } from "./purchase-form-schema";

const money = (maxRupees: number) => fc.integer({ min: 1, max: maxRupees * 100 }).map((p) => new Decimal(p).div(100));

const scenario = fc.record({
  shares: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: -5, max: 400 }) },
    { weight: 1, arbitrary: fc.double({ min: -5, max: 400, noNaN: true }) },
  ),
  sharePrice: money(50_000),
  minimumInvestment: fc.integer({ min: 0, max: 200_000 }).map((r) => new Decimal(r)),
  maximumInvestment: fc.option(
    fc.integer({ min: 0, max: 4_000_000 }).map((r) => new Decimal(r)),
    { nil: null },
  ),
  availableShares: fc.integer({ min: 0, max: 300 }),
  walletBalance: fc.integer({ min: 0, max: 10_000_000_00 }).map((p) => new Decimal(p).div(100)),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The rules as the spec words them, checked in its order; written apart from the implementation. */
function expectedProblem(s: Scenario): [PurchaseProblemCode, string] | null {
  if (!Number.isInteger(s.shares) || s.shares < 1) return ["invalid_shares", "Please enter a valid number of shares"];
  const subtotal = s.sharePrice.times(s.shares);
  const fee = subtotal.times("0.02").toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (subtotal.lt(s.minimumInvestment)) return ["below_minimum", `Minimum investment is ${formatINR(s.minimumInvestment)}`];
  if (s.maximumInvestment !== null && subtotal.gt(s.maximumInvestment)) {
    return ["above_maximum", `Maximum investment is ${formatINR(s.maximumInvestment)}`];
  }
  if (subtotal.plus(fee).gt(s.walletBalance)) return ["insufficient_balance", "You don't have enough balance in your wallet"];
  if (s.shares > s.availableShares) return ["exceeds_available", `Only ${s.availableShares} shares are available`];
  return null;
}

describe("validatePurchase", () => {
  it("accepts exactly the purchases that break no rule, and names the first rule broken", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const check = validatePurchase(s.shares, s);
        const expected = expectedProblem(s);
        if (expected === null) expect(check.ok).toBe(true);
        else expect(check.ok ? null : [check.code, check.message]).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("puts every limit's boundary on the allowed side", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), money(50_000), (n, price) => {
        const subtotal = price.times(n);
        const total = subtotal.plus(subtotal.times("0.02").toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
        const exact = {
          sharePrice: price,
          minimumInvestment: subtotal,
          maximumInvestment: subtotal,
          availableShares: n,
          walletBalance: total,
        };
        expect(validatePurchase(n, exact).ok).toBe(true);
        const cent = new Decimal("0.01");
        expect(validatePurchase(n, { ...exact, minimumInvestment: subtotal.plus(cent), maximumInvestment: null })).toMatchObject({
          code: "below_minimum",
        });
        expect(validatePurchase(n, { ...exact, maximumInvestment: subtotal.minus(cent), minimumInvestment: 0 })).toMatchObject({
          code: "above_maximum",
        });
        expect(validatePurchase(n, { ...exact, walletBalance: total.minus(cent) })).toMatchObject({ code: "insufficient_balance" });
        expect(validatePurchase(n, { ...exact, availableShares: n - 1 })).toMatchObject({ code: "exceeds_available" });
      }),
    );
  });

  it("is deterministic: the same input always gives the same verdict", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(validatePurchase(s.shares, s)).toEqual(validatePurchase(s.shares, s));
      }),
    );
  });

  it("formats limits as whole rupees in the Indian style", () => {
    const rules = {
      sharePrice: "10000",
      minimumInvestment: "100000",
      maximumInvestment: "1000000",
      availableShares: 625,
      walletBalance: "5000000",
    };
    expect(validatePurchase(9, rules)).toMatchObject({ ok: false, message: "Minimum investment is ₹1,00,000" });
    expect(validatePurchase(101, rules)).toMatchObject({ ok: false, message: "Maximum investment is ₹10,00,000" });
    expect(validatePurchase(50, { ...rules, walletBalance: "509999.99" })).toMatchObject({ ok: false, code: "insufficient_balance" });
    expect(validatePurchase(50, { ...rules, walletBalance: "510000" }).ok).toBe(true);
    expect(validatePurchase(50, { ...rules, maximumInvestment: null, availableShares: 49 })).toMatchObject({
      ok: false,
      message: "Only 49 shares are available",
    });
  });
});

describe("parseShareInput", () => {
  it("keeps non-negative numbers as typed and turns everything else into 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(parseShareInput(String(n))).toBe(n);
        expect(parseShareInput(` ${n} `)).toBe(n);
        expect(parseShareInput(n)).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(parseShareInput(`-${n}`)).toBe(0);
        expect(parseShareInput(-n)).toBe(0);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s)),
        (text) => {
          expect(parseShareInput(text)).toBe(0);
        },
      ),
    );
    for (const odd of [null, undefined, NaN, Infinity, {}, [], "1e3", "0x10", "", "  "]) expect(parseShareInput(odd)).toBe(0);
    expect(parseShareInput("2.5")).toBe(2.5);
  });

  it("counts only whole numbers of at least one as a quantity", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(isWholeShareCount(n)).toBe(true);
      }),
    );
    for (const bad of [0, -1, 1.5, NaN, Infinity]) expect(isWholeShareCount(bad)).toBe(false);
  });
});

describe("purchase form schema", () => {
  const key = "4d7a1c2e-8a7b-4c1d-9e2f-0a1b2c3d4e5f";

  it("parses the form's strings and refuses a bad quantity or key with the spec's words", () => {
    expect(purchaseFormSchema.parse({ propertyId: " prop-1 ", shares: "3", idempotencyKey: key })).toEqual({
      propertyId: "prop-1",
      shares: 3,
      idempotencyKey: key,
    });
    for (const shares of ["0", "-3", "abc", "1.5", ""]) {
      const result = purchaseFormSchema.safeParse({ propertyId: "p", shares, idempotencyKey: key });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter a valid number of shares");
    }
    expect(purchaseFormSchema.safeParse({ propertyId: "p", shares: "1", idempotencyKey: "not-a-uuid" }).success).toBe(false);
    expect(purchaseFormSchema.safeParse({ propertyId: "", shares: "1", idempotencyKey: key }).success).toBe(false);
  });

  it("adds the property's and wallet's rules on the shares field", () => {
    const schema = purchaseFormSchemaWithRules({
      sharePrice: "10000",
      minimumInvestment: "10000",
      maximumInvestment: null,
      availableShares: 10,
      walletBalance: "15000",
    });
    const result = schema.safeParse({ propertyId: "p", shares: "2", idempotencyKey: key });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["shares"], message: "You don't have enough balance in your wallet" });
    expect(schema.safeParse({ propertyId: "p", shares: "1", idempotencyKey: key }).success).toBe(true);
  });
});

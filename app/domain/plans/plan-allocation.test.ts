import { describe, expect, it } from "vitest";
import { leastPartFor, splitByWeight, typeBasketTargets, wholeSharesWithin } from "./plan-allocation";

const terms = { sharePrice: "1000", minimumInvestment: "1000", maximumInvestment: null, availableShares: 100 };

describe("splitting a plan's amount", () => {
  it("splits by weight, rounding each part down to the paisa", () => {
    const parts = splitByWeight("10000", [
      { propertyId: "a", weight: 1 },
      { propertyId: "b", weight: 2 },
    ]);
    expect(parts.get("a")!.toFixed(2)).toBe("3333.33");
    expect(parts.get("b")!.toFixed(2)).toBe("6666.66");
  });
});

describe("whole shares within a part", () => {
  it("buys the most whole shares whose cost with the 2% fee fits", () => {
    // 3 shares cost 3,060; 4 would cost 4,080.
    expect(wholeSharesWithin("4000", terms)).toEqual({ ok: true, shares: 3, total: expect.anything() });
    const decision = wholeSharesWithin("4080", terms);
    expect(decision.ok && [decision.shares, decision.total.toFixed(2)]).toEqual([4, "4080.00"]);
  });

  it("stays within the property's maximum and the shares left", () => {
    expect(wholeSharesWithin("100000", { ...terms, maximumInvestment: "5000" })).toMatchObject({ shares: 5 });
    expect(wholeSharesWithin("100000", { ...terms, availableShares: 2 })).toMatchObject({ shares: 2 });
  });

  it("says why when it cannot buy", () => {
    expect(wholeSharesWithin("1019", terms)).toEqual({ ok: false, reason: "below_minimum" });
    expect(wholeSharesWithin("9000", { ...terms, minimumInvestment: "10000" })).toEqual({ ok: false, reason: "below_minimum" });
    expect(wholeSharesWithin("9000", { ...terms, availableShares: 0 })).toEqual({ ok: false, reason: "sold_out" });
  });

  it("knows the least part that buys the minimum", () => {
    expect(leastPartFor({ sharePrice: "1000", minimumInvestment: "2500" }).toFixed(2)).toBe("3060.00");
  });
});

describe("every open property of a type, split by weight", () => {
  const open = (propertyId: string, sharePrice: string, availableShares: number, minimumInvestment = sharePrice) => ({
    propertyId,
    sharePrice,
    minimumInvestment,
    availableShares,
  });

  it("weighs each property by what is left for sale in it, and buys whole shares with each part", () => {
    // ₹3,00,000 left in a, ₹1,00,000 in b: ₹7,500 and ₹2,500 of ₹10,000.
    const targets = typeBasketTargets("10000", [open("a", "1000", 300), open("b", "500", 200)]);
    expect(targets).toEqual([
      { propertyId: "a", weight: 300000 },
      { propertyId: "b", weight: 100000 },
    ]);
    const parts = splitByWeight("10000", targets);
    expect([parts.get("a")!.toFixed(2), parts.get("b")!.toFixed(2)]).toEqual(["7500.00", "2500.00"]);
    const a = wholeSharesWithin(parts.get("a")!, {
      sharePrice: "1000",
      minimumInvestment: "1000",
      maximumInvestment: null,
      availableShares: 300,
    });
    const b = wholeSharesWithin(parts.get("b")!, {
      sharePrice: "500",
      minimumInvestment: "500",
      maximumInvestment: null,
      availableShares: 200,
    });
    // 7 shares for ₹7,140 and 4 for ₹2,040: ₹9,180 spent, ₹820 stays in the wallet.
    expect(a.ok && b.ok && [a.shares, b.shares, a.total.plus(b.total).toFixed(2)]).toEqual([7, 4, "9180.00"]);
  });

  it("leaves out sold-out properties and those whose part cannot buy their minimum, and re-splits", () => {
    // c has ₹10,000 left: its part of ₹10,000 would be ₹322.58, below one ₹1,000 share with the fee.
    const targets = typeBasketTargets("10000", [open("a", "1000", 300), open("c", "1000", 10), open("d", "1000", 0)]);
    expect(targets).toEqual([{ propertyId: "a", weight: 300000 }]);
    expect(splitByWeight("10000", targets).get("a")!.toFixed(2)).toBe("10000.00");
  });

  it("buys nothing when even the largest alone is out of reach", () => {
    expect(typeBasketTargets("900", [open("a", "1000", 300), open("b", "2000", 50)])).toEqual([]);
    expect(typeBasketTargets("5000", [])).toEqual([]);
  });
});

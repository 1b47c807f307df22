import { describe, expect, it } from "vitest";
import { leastPartFor, splitByWeight, wholeSharesWithin } from "./plan-allocation";

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

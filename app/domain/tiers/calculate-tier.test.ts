import { describe, expect, it } from "vitest";
import { calculateTier } from "./calculate-tier";

describe("calculateTier", () => {
  it("is explorer without a subscription, whatever is held", () => {
    expect(calculateTier({ subscriptionActive: false, confirmedInvestmentShares: [] })).toBe("explorer");
    expect(calculateTier({ subscriptionActive: false, confirmedInvestmentShares: [5, 1] })).toBe("explorer");
  });
  it("is waitlist player for a subscriber with no confirmed investment", () => {
    expect(calculateTier({ subscriptionActive: true, confirmedInvestmentShares: [] })).toBe("waitlist_player");
  });
  it("is small investor while every investment holds at most one share", () => {
    expect(calculateTier({ subscriptionActive: true, confirmedInvestmentShares: [1, 1, 1] })).toBe("small_investor");
  });
  it("is large investor once any investment holds more than one share", () => {
    expect(calculateTier({ subscriptionActive: true, confirmedInvestmentShares: [1, 2] })).toBe("large_investor");
  });
});

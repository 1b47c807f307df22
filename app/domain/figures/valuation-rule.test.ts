import { describe, expect, it } from "vitest";
import { valuationBasis, valuationFrom } from "./valuation.server";

const base = { debts: "100000", reserves: "50000", totalShares: 100, issuePrice: "10000.00" };

describe("the valuation rule (ADR 0046, 0069)", () => {
  it("takes the latest NAV over the last trade and the issue price", () => {
    const valuation = valuationFrom({ ...base, latestValuation: { value: "1150000", date: "2026-10-01" }, lastTradePrice: "12000.00" });
    // (11,50,000 − 1,00,000 − 50,000) / 100
    expect(valuation).toEqual({ price: "10000.00", source: "nav", asOf: "2026-10-01" });
    expect(valuationBasis(valuation)).toBe("NAV per share, from the valuation dated 2026-10-01");
  });

  it("falls back to the last settled trade, then the issue price", () => {
    expect(valuationFrom({ ...base, latestValuation: null, lastTradePrice: "12000.00" })).toEqual({
      price: "12000.00",
      source: "last_trade",
      asOf: null,
    });
    expect(valuationFrom({ ...base, latestValuation: null, lastTradePrice: null })).toEqual({
      price: "10000.00",
      source: "issue_price",
      asOf: null,
    });
    expect(valuationBasis({ source: "issue_price", asOf: null })).toBe("the issue price");
  });
});

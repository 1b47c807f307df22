import { describe, expect, it } from "vitest";
import { parseTransactionFilter, transactionSummary } from "./transactions";

describe("parseTransactionFilter", () => {
  it("accepts each of the spec's types and falls back to all", () => {
    for (const type of ["investment", "dividend", "deposit", "withdrawal", "share_purchase", "share_sale", "fee"]) {
      expect(parseTransactionFilter(type)).toBe(type);
    }
    expect(parseTransactionFilter(null)).toBe("all");
    expect(parseTransactionFilter("'; drop table")).toBe("all");
  });
});

describe("transactionSummary", () => {
  it("names the property and share count", () => {
    expect(transactionSummary({ type: "investment", propertyTitle: "Sea View", shares: 3, description: null })).toBe(
      "Invested in Sea View · 3 shares",
    );
    expect(transactionSummary({ type: "share_sale", propertyTitle: "Sea View", shares: 1, description: null })).toBe(
      "Sold 1 share of Sea View",
    );
    expect(transactionSummary({ type: "deposit", propertyTitle: null, shares: null, description: null })).toBe("Funds added to wallet");
  });
});

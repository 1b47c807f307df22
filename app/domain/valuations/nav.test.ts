import { describe, expect, it } from "vitest";
import { navPerShare, valuationNeedsSecondAdmin, valueChange } from "./nav";

describe("navPerShare", () => {
  it("is the value less debts and reserves, per share", () => {
    expect(navPerShare({ value: "25000000", debts: "2000000", reserves: "500000", totalShares: 1000 }).toFixed(2)).toBe("22500.00");
  });

  it("rounds half-up to the paisa once, at the end", () => {
    // ₹10,00,000 / 3 = 3,33,333.333… rounds down; ₹100.01 / 2 = 50.005 rounds half-up to 50.01.
    expect(navPerShare({ value: "1000000", debts: "0", reserves: "0", totalShares: 3 }).toFixed(2)).toBe("333333.33");
    expect(navPerShare({ value: "2000000", debts: "0", reserves: "0", totalShares: 3 }).toFixed(2)).toBe("666666.67");
    expect(navPerShare({ value: "100.01", debts: "0", reserves: "0", totalShares: 2 }).toFixed(2)).toBe("50.01");
    expect(navPerShare({ value: "100.03", debts: "0", reserves: "0", totalShares: 2 }).toFixed(2)).toBe("50.02");
  });

  it("never goes below zero when the debts exceed the value", () => {
    expect(navPerShare({ value: "1000", debts: "1500", reserves: "0", totalShares: 10 }).toFixed(2)).toBe("0.00");
    expect(navPerShare({ value: "1000", debts: "600", reserves: "400", totalShares: 10 }).toFixed(2)).toBe("0.00");
  });

  it("is exact for large values where floating point would not be", () => {
    expect(navPerShare({ value: "99999999999.99", debts: "0.01", reserves: "0", totalShares: 7 }).toFixed(2)).toBe("14285714285.71");
  });

  it("refuses a property without shares", () => {
    expect(() => navPerShare({ value: "1000", debts: "0", reserves: "0", totalShares: 0 })).toThrow(RangeError);
  });
});

describe("the four-eyes threshold on a valuation", () => {
  it("measures the change against the previous value, both ways", () => {
    expect(valueChange("1000", "1100").toFixed(4)).toBe("0.1000");
    expect(valueChange("1000", "850").toFixed(4)).toBe("-0.1500");
  });

  it("asks a second admin only above 10%, up or down", () => {
    expect(valuationNeedsSecondAdmin("1000000", "1100000")).toBe(false);
    expect(valuationNeedsSecondAdmin("1000000", "900000")).toBe(false);
    expect(valuationNeedsSecondAdmin("1000000", "1100000.01")).toBe(true);
    expect(valuationNeedsSecondAdmin("1000000", "899999.99")).toBe(true);
  });
});

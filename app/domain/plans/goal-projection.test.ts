import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { futureValue, monthlyNeeded, monthsBetween, projectContributions, yieldBand } from "./goal-projection";

describe("the goal planner's projection", () => {
  it("adds contributions without growth at a zero yield", () => {
    expect(futureValue("1000", "500", 12, "0").toFixed(2)).toBe("7000.00");
  });

  it("compounds monthly at a twelfth of the yearly rate", () => {
    // ₹1,000 a month for 12 months at 12% a year (1% a month): 1000 × (1.01^12 − 1) / 0.01.
    expect(futureValue("0", "1000", 12, "12").toFixed(2)).toBe("12682.50");
    // A lump sum alone: 10,000 × 1.01^12.
    expect(futureValue("10000", "0", 12, "12").toFixed(2)).toBe("11268.25");
  });

  it("finds the monthly amount that reaches the goal, rounded up to the rupee", () => {
    const needed = monthlyNeeded("12682.50", "0", 12, "12");
    expect(needed.toFixed(0)).toBe("1000");
    expect(futureValue("0", needed, 12, "12").gte("12682.50")).toBe(true);
    expect(monthlyNeeded("12000", "0", 12, "0").toFixed(0)).toBe("1000");
    expect(monthlyNeeded("5000", "10000", 12, "8").toFixed(0)).toBe("0");
    expect(monthlyNeeded("5000", "0", 0, "8").toFixed(0)).toBe("0");
  });

  it("bands the stated yield by three points either side, never below zero", () => {
    const band = yieldBand("8.5");
    expect([band.low, band.base, band.high].map((v) => v.toFixed(1))).toEqual(["5.5", "8.5", "11.5"]);
    expect(yieldBand("2").low.toFixed(0)).toBe("0");
  });

  it("projects month by month with low ≤ base ≤ high above what was paid in", () => {
    const points = projectContributions("0", "1000", 24, yieldBand(new Decimal("8")));
    expect(points).toHaveLength(25);
    const last = points[24]!;
    expect(last.contributed.toFixed(0)).toBe("24000");
    expect(last.low.lte(last.base) && last.base.lte(last.high) && last.low.gt(last.contributed)).toBe(true);
  });

  it("counts whole months between dates", () => {
    expect(monthsBetween("2026-11-26", "2027-11-26")).toBe(12);
    expect(monthsBetween("2026-11-26", "2027-11-25")).toBe(11);
    expect(monthsBetween("2026-11-26", "2026-10-01")).toBe(0);
  });
});

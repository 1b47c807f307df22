import { describe, expect, it } from "vitest";
import { describeXirr, xirr } from "./xirr";

const on = (iso: string) => new Date(`${iso}T00:00:00Z`);

function rateOf(result: ReturnType<typeof xirr>): number {
  if (result.kind !== "rate") throw new Error(`expected a rate, got ${result.kind}`);
  return result.rate;
}

describe("xirr", () => {
  it("finds 10% for money that grows by a tenth in exactly 365 days", () => {
    const rate = rateOf(
      xirr([
        { date: on("2025-01-01"), amount: -1000 },
        { date: on("2026-01-01"), amount: 1100 },
      ]),
    );
    expect(rate).toBeCloseTo(0.1, 6);
  });

  it("matches the spreadsheet's classic example (37.34%)", () => {
    // The textbook XIRR example: −10,000 then four receipts over a year.
    const rate = rateOf(
      xirr([
        { date: on("2008-01-01"), amount: -10000 },
        { date: on("2008-03-01"), amount: 2750 },
        { date: on("2008-10-30"), amount: 4250 },
        { date: on("2009-02-15"), amount: 3250 },
        { date: on("2009-04-01"), amount: 2750 },
      ]),
    );
    expect(rate).toBeCloseTo(0.373362535, 5);
  });

  it("recovers a known rate from two years of daily purchases, and from a steep loss", () => {
    // 730 daily purchases of ₹1,000, each worth 1000 × (1 + r)^(years held) today: the rate is r.
    for (const expected of [0.07, -0.6, 2.5]) {
      const today = on("2026-11-01");
      const flows = Array.from({ length: 730 }, (_, day) => ({ date: new Date(today.getTime() - (day + 1) * 86_400_000), amount: -1000 }));
      const value = flows.reduce(
        (sum, flow) => sum + 1000 * Math.pow(1 + expected, (today.getTime() - flow.date.getTime()) / 86_400_000 / 365),
        0,
      );
      expect(rateOf(xirr([...flows, { date: today, amount: value }]))).toBeCloseTo(expected, 9);
    }
  });

  it("handles a loss, with a purchase, a dividend and today's value", () => {
    const rate = rateOf(
      xirr([
        { date: on("2025-01-01"), amount: -10000 },
        { date: on("2025-07-02"), amount: 200 },
        { date: on("2026-01-01"), amount: 8000 },
      ]),
    );
    // Check the defining equation instead of a copied number.
    const npv = -10000 + 200 / Math.pow(1 + rate, 182 / 365) + 8000 / Math.pow(1 + rate, 1);
    expect(Math.abs(npv)).toBeLessThan(1e-4);
    expect(rate).toBeLessThan(0);
  });

  it("needs at least two flows on different days", () => {
    expect(xirr([])).toEqual({ kind: "not-enough-history" });
    expect(xirr([{ date: on("2025-01-01"), amount: -1000 }])).toEqual({ kind: "not-enough-history" });
    expect(
      xirr([
        { date: on("2025-01-01"), amount: -1000 },
        { date: on("2025-01-01"), amount: 1000 },
      ]),
    ).toEqual({ kind: "not-enough-history" });
  });

  it("has no solution when money only ever went one way", () => {
    expect(
      xirr([
        { date: on("2025-01-01"), amount: -1000 },
        { date: on("2025-06-01"), amount: -500 },
      ]),
    ).toEqual({ kind: "no-solution" });
  });
});

describe("describeXirr", () => {
  it("labels a rate per year with one decimal and says plainly when there is none", () => {
    expect(describeXirr({ kind: "rate", rate: 0.12345 })).toBe("+12.3% a year");
    expect(describeXirr({ kind: "rate", rate: -0.05 })).toBe("−5.0% a year");
    expect(describeXirr({ kind: "not-enough-history" })).toBe("Not enough history yet");
    expect(describeXirr({ kind: "no-solution" })).toBe("Not enough history yet");
  });
});

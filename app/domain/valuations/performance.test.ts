import { describe, expect, it } from "vitest";
import { distributionsByYear, navChange, navSeries } from "./performance";

describe("distributionsByYear", () => {
  it("sums per share by Indian financial year, April to March, oldest first", () => {
    expect(
      distributionsByYear([
        { paymentDate: "2026-04-01", perShare: "12.5000" },
        { paymentDate: "2026-03-31", perShare: "10.0000" },
        { paymentDate: "2027-03-31", perShare: "0.3333" },
        { paymentDate: "2025-07-15", perShare: "5.0000" },
      ]),
    ).toEqual([
      { year: "FY 2025-26", perShare: "15.0000", payments: 2 },
      { year: "FY 2026-27", perShare: "12.8333", payments: 2 },
    ]);
  });

  it("is empty without payments", () => {
    expect(distributionsByYear([])).toEqual([]);
  });
});

describe("navSeries and navChange", () => {
  const valuations = [
    { valuationDate: "2025-06-30", value: "10000000", debts: "1000000", reserves: "0" },
    { valuationDate: "2026-06-30", value: "11000000", debts: "1000000", reserves: "0" },
  ];

  it("keeps each earlier valuation's debts and ends at today's NAV", () => {
    expect(navSeries(valuations, { debts: "500000", reserves: "500000" }, 1000)).toEqual([
      { date: "2025-06-30", nav: "9000.00" },
      { date: "2026-06-30", nav: "10000.00" },
    ]);
  });

  it("states the change first to latest, per share and in percent", () => {
    const series = navSeries(valuations, { debts: "1000000", reserves: "0" }, 1000);
    expect(navChange(series)).toEqual({ from: series[0], to: series[1], change: "1000.00", percent: "11.11" });
    expect(navChange(series.slice(0, 1))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { layoutNavHistory } from "./nav-history-layout";

describe("layoutNavHistory", () => {
  it("draws nothing without a valuation or a trade", () => {
    expect(layoutNavHistory({ nav: [], trades: [], issuePrice: "100.00" })).toBeNull();
  });

  it("lays out the NAV line, the resale dots and the issue price, and says it all in words", () => {
    const chart = layoutNavHistory({
      nav: [
        { date: "2025-06-30", nav: "10200.00" },
        { date: "2026-06-30", nav: "11050.50" },
      ],
      trades: [{ at: "2026-01-10T06:00:00.000Z", price: "10400.00" }],
      issuePrice: "10000.00",
    })!;
    expect(chart.navPoints).toHaveLength(2);
    expect(chart.trades).toHaveLength(1);
    expect(chart.navPath).toMatch(/^M/);
    // Higher prices sit higher on the page: the second NAV is above the issue price line.
    expect(chart.navPoints[1]!.y).toBeLessThan(chart.issueY);
    expect(chart.summary).toBe(
      "NAV per share at 2 valuations, from ₹10,200.00 on 30 Jun 2025 to ₹11,050.50 on 30 Jun 2026. Issue price ₹10,000.00. One settled resale at ₹10,400.00.",
    );
    expect(new Set(chart.xTicks.map((t) => t.label)).size).toBe(chart.xTicks.length);
  });
});

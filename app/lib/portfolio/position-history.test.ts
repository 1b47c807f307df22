import { describe, expect, it } from "vitest";
import { positionHistory } from "./position-history";

describe("positionHistory", () => {
  it("keeps the running average over buys and realises profit on sales at average cost", () => {
    const rows = positionHistory([
      { id: "1", kind: "buy", shares: 2, amount: "2000", date: "2026-01-01" },
      { id: "2", kind: "buy", shares: 1, amount: "1300", date: "2026-02-01" },
      { id: "3", kind: "sell", shares: 1, amount: "1500", date: "2026-03-01" },
      { id: "4", kind: "sell", shares: 2, amount: "1800", date: "2026-04-01" },
    ]);
    expect(rows.map((row) => [row.sharesAfter, row.averagePrice, row.realisedProfit])).toEqual([
      [2, "1000.00", null],
      [3, "1100.00", null],
      [2, "1100.00", "400.00"],
      [0, "0.00", "-400.00"],
    ]);
  });

  it("rounds the average to the paisa without losing the remainder from the cost", () => {
    const rows = positionHistory([
      { id: "1", kind: "buy", shares: 3, amount: "1000", date: "2026-01-01" },
      { id: "2", kind: "sell", shares: 1, amount: "333.33", date: "2026-01-02" },
    ]);
    expect(rows[0]?.averagePrice).toBe("333.33");
    expect(rows[1]?.realisedProfit).toBe("0.00");
    expect(rows[1]?.averagePrice).toBe("333.34");
  });
});

import { describe, expect, it } from "vitest";
import { dailyCumulativeSeries } from "./cumulative-series";

const on = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe("dailyCumulativeSeries", () => {
  it("has one point per day ending today, starting from what was invested before the window", () => {
    const series = dailyCumulativeSeries(
      [
        { date: on("2024-01-01"), amount: "1000.50" },
        { date: on("2026-11-20"), amount: "200.25" },
        { date: on("2026-11-20"), amount: "100" },
        { date: on("2026-11-22"), amount: "50" },
      ],
      on("2026-11-22"),
      5,
    );
    expect(series).toEqual([
      { date: "2026-11-18", total: 1000.5 },
      { date: "2026-11-19", total: 1000.5 },
      { date: "2026-11-20", total: 1300.75 },
      { date: "2026-11-21", total: 1300.75 },
      { date: "2026-11-22", total: 1350.75 },
    ]);
  });

  it("covers 365 days by default and is flat at zero with no investments", () => {
    const series = dailyCumulativeSeries([], on("2026-11-22"));
    expect(series).toHaveLength(365);
    expect(series.every((point) => point.total === 0)).toBe(true);
  });
});

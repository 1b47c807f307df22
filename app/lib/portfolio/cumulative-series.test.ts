import { describe, expect, it } from "vitest";
import { compactSeries, dailyCumulativeSeries } from "./cumulative-series";

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

describe("compactSeries and encodeSeries (ADR 0038)", () => {
  const year = dailyCumulativeSeries(
    [
      { date: on("2024-01-01"), amount: "1000.50" },
      { date: on("2026-03-10"), amount: "200.25" },
      { date: on("2026-03-11"), amount: "100" },
      { date: on("2026-07-01"), amount: "0.10" },
    ],
    on("2026-11-22"),
  );

  // The value a straight line through `points` takes on `date` (points sorted by date).
  function lineAt(points: { date: string; total: number }[], date: string): number {
    const t = Date.parse(date);
    for (let i = 1; i < points.length; i += 1) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const ta = Date.parse(a.date);
      const tb = Date.parse(b.date);
      if (t >= ta && t <= tb) return a.total + ((b.total - a.total) * (t - ta)) / (tb - ta);
    }
    throw new Error(`${date} is outside the series`);
  }

  it("keeps the ends and the corners, and the line through them passes through every day's total", () => {
    const compact = compactSeries(year);
    expect(year).toHaveLength(365);
    expect(compact.length).toBeLessThan(12);
    expect(compact[0]).toEqual(year[0]);
    expect(compact.at(-1)).toEqual(year.at(-1));
    for (const point of year) expect(lineAt(compact, point.date)).toBeCloseTo(point.total, 9);
  });

  it("leaves a series that changes every day as it is", () => {
    const daily = year.map((point, i) => ({ ...point, total: point.total + i }));
    expect(compactSeries(daily)).toEqual(daily);
  });
});

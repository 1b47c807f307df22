import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { layoutInvestmentChart } from "~/lib/charts/investment-chart-layout";
import { dailyCumulativeSeries } from "~/lib/portfolio/cumulative-series";
import { InvestmentChart } from "./investment-chart";

// An investor who bought something every day of the year (the bench's 5,000 transactions).
const today = new Date("2026-11-22T12:00:00Z");
const investments = Array.from({ length: 5000 }, (_, i) => ({
  date: new Date(today.getTime() - i * 3 * 60 * 60 * 1000),
  amount: (10000 + (i % 7) * 123.45).toFixed(2),
}));
const series = dailyCumulativeSeries(investments, today);

function paths(html: string): string[] {
  return [...html.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!);
}

describe("InvestmentChart (ADR 0038)", () => {
  it("draws a year of daily totals in a few kilobytes", () => {
    const html = renderToStaticMarkup(<InvestmentChart chart={layoutInvestmentChart(series)} />);
    expect(series).toHaveLength(365);
    expect(html.length).toBeLessThan(12_000);
  });

  it("draws the area as the line closed along the baseline, one vertex a day", () => {
    const [area, line] = paths(renderToStaticMarkup(<InvestmentChart chart={layoutInvestmentChart(series)} />));
    expect(line).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){364}$/);
    expect(area!.startsWith(line!)).toBe(true);
    expect(area!.slice(line!.length)).toMatch(/^L628,\d+(\.\d)?L56,\d+(\.\d)?Z$/);
    // The last day is the highest total and sits at the top of the plot, the first day further down.
    const vertices = line!
      .slice(1)
      .split("L")
      .map((pair) => pair.split(",").map(Number) as [number, number]);
    expect(vertices[0]![0]).toBe(56);
    expect(vertices.at(-1)![0]).toBe(628);
    expect(vertices.at(-1)![1]).toBeLessThan(vertices[0]![1]);
    for (let i = 1; i < vertices.length; i += 1) expect(vertices[i]![1]).toBeLessThanOrEqual(vertices[i - 1]![1]);
  });

  it("says so when there is nothing to draw", () => {
    expect(renderToStaticMarkup(<InvestmentChart chart={layoutInvestmentChart([])} />)).toContain("No investments yet");
  });
});

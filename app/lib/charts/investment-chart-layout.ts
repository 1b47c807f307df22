import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { ChartFrame } from "~/lib/charts/chart-frame";
import { calendarParts, shortMonth } from "~/lib/indian-numerals";
import { formatCompactINR } from "~/lib/money";
import type { SeriesPoint } from "~/lib/portfolio/cumulative-series";
import { formatCalendarDate } from "~/lib/formats";

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };

type Point = { date: Date; total: number };

/** Everything the overview's chart draws, computed by the loader so d3 never reaches the browser (ADR 0042). */
export type InvestmentChartLayout = ChartFrame & {
  linePath: string | null;
  /** What closes the line into the area along the baseline (the area is `linePath + areaClosing`). */
  areaClosing: string | null;
};

/**
 * The daily running total invested over the last 12 months as SVG geometry: the scales and the
 * path come from d3, on the server; null when there is nothing to draw.
 */
export function layoutInvestmentChart(series: readonly SeriesPoint[]): InvestmentChartLayout | null {
  const points: Point[] = series.map((point) => ({ date: new Date(`${point.date}T00:00:00Z`), total: point.total }));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const highest = Math.max(...points.map((point) => point.total));
  const x = scaleUtc()
    .domain([first.date, last.date])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, highest > 0 ? highest : 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // Coordinates to a tenth of a unit of a 640-wide viewBox: invisible, and a third of the bytes.
  const linePath = line<Point>()
    .digits(1)
    .x((point) => x(point.date))
    .y((point) => y(point.total))(points);
  // The area is the line closed along the baseline: the same shape as d3's area(), whose
  // baseline would repeat every point (half the chart's bytes).
  const baseline = Math.round(y(0) * 10) / 10;
  // Sent once: the page's data carries the line and only this tail, not the line twice.
  const areaClosing = linePath
    ? `L${Math.round(x(last.date) * 10) / 10},${baseline}L${Math.round(x(first.date) * 10) / 10},${baseline}Z`
    : null;
  return {
    width: WIDTH,
    height: HEIGHT,
    plotLeft: MARGIN.left,
    plotRight: WIDTH - MARGIN.right,
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: formatCompactINR(tick) })),
    xTicks: x.ticks(6).map((tick) => ({ x: x(tick), label: shortMonth(calendarParts(tick)) })),
    linePath,
    areaClosing,
    summary: `Invested over the last 12 months: ${formatCompactINR(first.total)} on ${formatCalendarDate(first.date.toISOString())}, ${formatCompactINR(last.total)} on ${formatCalendarDate(last.date.toISOString())}.`,
  };
}

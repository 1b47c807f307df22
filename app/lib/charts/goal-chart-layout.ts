import { scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import type { ChartFrame } from "~/lib/charts/chart-frame";
import { formatCompactINR } from "~/lib/money";

const WIDTH = 640;
const HEIGHT = 240;
// The right margin leaves room for half of the last month's label ("60 mo"), centred on the plot's edge.
const MARGIN = { top: 12, right: 20, bottom: 28, left: 56 };

/** One month of the projection as plain numbers: geometry only, the figures themselves stay Decimal strings. */
export type GoalChartPoint = { month: number; contributed: number; low: number; base: number; high: number };

export type GoalChartLayout = ChartFrame & { bandPath: string; basePath: string; contributedPath: string; goalY: number | null };

/** The goal planner's chart as SVG geometry, drawn by d3 on the server: the low-high band, the base line, what is paid in, and the goal. */
export function layoutGoalChart(points: readonly GoalChartPoint[], goal: number | null): GoalChartLayout | null {
  const last = points[points.length - 1];
  if (!last || points.length < 2) return null;
  const highest = Math.max(last.high, goal ?? 0, 1);
  const x = scaleLinear()
    .domain([0, last.month])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, highest])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bandPath =
    area<GoalChartPoint>()
      .digits(1)
      .x((p) => x(p.month))
      .y0((p) => y(p.low))
      .y1((p) => y(p.high))(points) ?? "";
  const lineOf = (pick: (p: GoalChartPoint) => number) =>
    line<GoalChartPoint>()
      .digits(1)
      .x((p) => x(p.month))
      .y((p) => y(pick(p)))(points) ?? "";
  const yearTicks = x.ticks(Math.min(6, Math.max(1, Math.round(last.month / 12)))).filter((m) => Number.isInteger(m));
  return {
    width: WIDTH,
    height: HEIGHT,
    plotLeft: MARGIN.left,
    plotRight: WIDTH - MARGIN.right,
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: formatCompactINR(tick) })),
    xTicks: yearTicks.map((m) => ({ x: x(m), label: m === 0 ? "Now" : `${m} mo` })),
    bandPath,
    basePath: lineOf((p) => p.base),
    contributedPath: lineOf((p) => p.contributed),
    goalY: goal === null ? null : y(goal),
    summary: `Estimated value after ${last.month} months: ${formatCompactINR(last.low)} to ${formatCompactINR(last.high)}, about ${formatCompactINR(last.base)}, of which ${formatCompactINR(last.contributed)} paid in.`,
  };
}

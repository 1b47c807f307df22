import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { ChartFrame } from "~/lib/charts/chart-frame";
import { dayShortMonth, indiaParts } from "~/lib/indian-numerals";
import { formatINR } from "~/lib/money";
import { formatRupees, formatIndiaDate } from "~/lib/formats";

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 64 };
const DAY_MS = 24 * 60 * 60 * 1000;

type Point = { date: Date; price: number };

/** Everything the invest page's price chart draws, computed by the loader so d3 never reaches the browser (ADR 0042). */
export type PriceHistoryLayout = ChartFrame & {
  /** Where the dashed issue-price line sits. */
  issueY: number;
  path: string | null;
  points: { x: number; y: number }[];
};

/** Settled trade prices over the last year (oldest first) as SVG geometry; null when there was no trade. */
export function layoutPriceHistory(history: readonly { at: string; price: string }[], issuePrice: string): PriceHistoryLayout | null {
  const points: Point[] = history.map((trade) => ({ date: new Date(trade.at), price: Number(trade.price) }));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const prices = points.map((p) => p.price);
  const issue = Number(issuePrice);
  const low = Math.min(...prices, issue);
  const high = Math.max(...prices, issue);
  const start = first.date.getTime() === last.date.getTime() ? new Date(first.date.getTime() - DAY_MS) : first.date;
  const x = scaleUtc()
    .domain([start, last.date])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([low * 0.95, high * 1.05 || 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<Point>()
    .x((p) => x(p.date))
    .y((p) => y(p.price))(points);
  const summary =
    points.length === 1
      ? `One settled trade: ${formatRupees(last.price)} a share on ${formatIndiaDate(last.date)} (issue price ${formatRupees(issue)}).`
      : `${points.length} settled trades from ${formatIndiaDate(first.date)} to ${formatIndiaDate(last.date)}: first ${formatRupees(first.price)}, last ${formatRupees(last.price)}, lowest ${formatRupees(Math.min(...prices))}, highest ${formatRupees(Math.max(...prices))} a share (issue price ${formatRupees(issue)}).`;
  return {
    width: WIDTH,
    height: HEIGHT,
    plotLeft: MARGIN.left,
    plotRight: WIDTH - MARGIN.right,
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: formatINR(tick) })),
    xTicks: x.ticks(5).map((tick) => ({ x: x(tick), label: dayShortMonth(indiaParts(tick)) })),
    issueY: y(issue),
    path,
    points: points.map((p) => ({ x: x(p.date), y: y(p.price) })),
    summary,
  };
}

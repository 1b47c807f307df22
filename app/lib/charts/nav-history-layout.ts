import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { ChartFrame } from "~/lib/charts/chart-frame";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { dayShortMonth, indiaParts, shortMonthTwoDigitYear } from "~/lib/indian-numerals";
import { formatINR } from "~/lib/money";

// Narrower than the market's chart: drawn at a phone's 360 px its labels stay readable.
const WIDTH = 420;
const HEIGHT = 210;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 64 };
const DAY_MS = 24 * 60 * 60 * 1000;
// Over a few months a tick names its day; over longer, its month and year.
const DAY_TICKS_UNTIL_MS = 120 * DAY_MS;

/** Everything the NAV chart draws, laid out by the loader so d3 never reaches the browser (ADR 0042). */
export type NavChartLayout = ChartFrame & {
  navPath: string | null;
  navPoints: { x: number; y: number }[];
  issueY: number;
  trades: { x: number; y: number }[];
};

type Dated = { date: Date; price: number };

/**
 * NAV per share at each valuation (a line with markers), settled resale prices (dots) and the
 * issue price (a dashed line) on one time axis; null when there is neither a valuation nor a
 * trade to draw. The summary says the same in words.
 */
export function layoutNavHistory(input: {
  nav: readonly { date: string; nav: string }[];
  trades: readonly { at: string; price: string }[];
  issuePrice: string;
}): NavChartLayout | null {
  const nav: Dated[] = input.nav.map((p) => ({ date: new Date(`${p.date}T00:00:00+05:30`), price: Number(p.nav) }));
  const trades: Dated[] = input.trades.map((t) => ({ date: new Date(t.at), price: Number(t.price) }));
  const all = [...nav, ...trades];
  if (all.length === 0) return null;
  const issue = Number(input.issuePrice);
  const times = all.map((p) => p.date.getTime());
  const first = Math.min(...times);
  const last = Math.max(...times);
  const prices = [...all.map((p) => p.price), issue];
  // A little room either side, so the first and last markers are drawn whole.
  const pad = Math.max((last - first) * 0.05, 3 * DAY_MS);
  const start = (first === last ? first - 30 * DAY_MS : first) - pad;
  const end = last + pad;
  const tickLabel = end - start <= DAY_TICKS_UNTIL_MS ? dayShortMonth : shortMonthTwoDigitYear;
  const x = scaleUtc()
    .domain([new Date(start), new Date(end)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([Math.min(...prices) * 0.95, Math.max(...prices) * 1.05 || 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const navPath =
    nav.length > 1
      ? line<Dated>()
          .x((p) => x(p.date))
          .y((p) => y(p.price))(nav)
      : null;
  return {
    width: WIDTH,
    height: HEIGHT,
    plotLeft: MARGIN.left,
    plotRight: WIDTH - MARGIN.right,
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: formatINR(tick) })),
    xTicks: uniqueLabels(x.ticks(4).map((tick) => ({ x: x(tick), label: tickLabel(indiaParts(tick)) }))),
    navPath,
    navPoints: nav.map((p) => ({ x: x(p.date), y: y(p.price) })),
    issueY: y(issue),
    trades: trades.map((p) => ({ x: x(p.date), y: y(p.price) })),
    summary: summarise(nav, trades, issue),
  };
}

function summarise(nav: Dated[], trades: Dated[], issue: number): string {
  const parts: string[] = [];
  const firstNav = nav[0];
  const lastNav = nav[nav.length - 1];
  if (!firstNav || !lastNav) parts.push("No valuation recorded yet.");
  else if (nav.length === 1)
    parts.push(`NAV per share ${formatRupees(lastNav.price)} at the valuation of ${formatIndiaDate(lastNav.date)}.`);
  else {
    parts.push(
      `NAV per share at ${nav.length} valuations, from ${formatRupees(firstNav.price)} on ${formatIndiaDate(firstNav.date)} to ${formatRupees(lastNav.price)} on ${formatIndiaDate(lastNav.date)}.`,
    );
  }
  parts.push(`Issue price ${formatRupees(issue)}.`);
  if (trades.length === 0) parts.push("No settled resale yet.");
  else {
    const prices = trades.map((t) => t.price);
    parts.push(
      trades.length === 1
        ? `One settled resale at ${formatRupees(prices[0]!)}.`
        : `${trades.length} settled resales between ${formatRupees(Math.min(...prices))} and ${formatRupees(Math.max(...prices))} a share.`,
    );
  }
  return parts.join(" ");
}

/** A label once: ticks that round to the same day or month would print it twice. */
function uniqueLabels(ticks: { x: number; label: string }[]) {
  return ticks.filter((tick, index) => ticks.findIndex((other) => other.label === tick.label) === index);
}

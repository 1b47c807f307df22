import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import { formatCompactINR } from "~/lib/money";
import type { SeriesPoint } from "~/lib/portfolio/cumulative-series";

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };

const monthLabel = new Intl.DateTimeFormat("en-IN", { month: "short", timeZone: "UTC" });
const dayLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

type Point = { date: Date; total: number };

/**
 * The daily running total invested over the last 12 months, drawn on the server as SVG so it
 * reads the same without JavaScript. The scales and the path come from d3; a text summary
 * says in words what the picture shows.
 */
export function InvestmentChart({ series }: { series: SeriesPoint[] }) {
  const points: Point[] = series.map((point) => ({ date: new Date(`${point.date}T00:00:00Z`), total: point.total }));
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) {
    return (
      <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-500">
        No investments yet
      </div>
    );
  }
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
  const areaPath = linePath
    ? `${linePath}L${Math.round(x(last.date) * 10) / 10},${baseline}L${Math.round(x(first.date) * 10) / 10},${baseline}Z`
    : null;
  const summary = `Invested over the last 12 months: ${formatCompactINR(first.total)} on ${dayLabel.format(first.date)}, ${formatCompactINR(last.total)} on ${dayLabel.format(last.date)}.`;

  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby="investment-chart-summary">
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
              {formatCompactINR(tick)}
            </text>
          </g>
        ))}
        {x.ticks(6).map((tick) => (
          <text key={tick.toISOString()} x={x(tick)} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-500 text-[11px]">
            {monthLabel.format(tick)}
          </text>
        ))}
        {areaPath ? <path d={areaPath} className="fill-brand-100" /> : null}
        {linePath ? <path d={linePath} fill="none" strokeWidth={2} className="stroke-brand-600" /> : null}
      </svg>
      <figcaption id="investment-chart-summary" className="mt-2 text-sm text-slate-600">
        {summary}
      </figcaption>
    </figure>
  );
}

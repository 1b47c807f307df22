import type { ReactNode } from "react";
import type { ChartFrame } from "~/lib/charts/chart-frame";

/**
 * A line over labelled axes, drawn on the server as SVG so it reads the same without
 * JavaScript. A loader lays the chart out with d3; this only draws the geometry it is given,
 * so the page's JavaScript carries no chart library (ADR 0042). The caption says in words
 * what the picture shows.
 */
export function LineChart({
  chart,
  line,
  captionId,
  caption = chart.summary,
  underLine,
  overLine,
}: {
  chart: ChartFrame;
  /** The line's SVG path; null draws the axes alone. */
  line: string | null;
  /** The caption's id, which labels the picture. */
  captionId: string;
  caption?: ReactNode;
  /** Drawn after the axes and before the line (an area, a reference line). */
  underLine?: ReactNode;
  /** Drawn on top of the line (markers). */
  overLine?: ReactNode;
}) {
  return (
    <figure>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-auto w-full" role="img" aria-labelledby={captionId}>
        {chart.yTicks.map((tick) => (
          <g key={tick.y}>
            <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} className="stroke-slate-200" />
            <text x={chart.plotLeft - 6} y={tick.y} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
              {tick.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((tick) => (
          <text key={tick.x} x={tick.x} y={chart.height - 8} textAnchor="middle" className="fill-slate-500 text-[11px]">
            {tick.label}
          </text>
        ))}
        {underLine}
        {line ? <path d={line} fill="none" strokeWidth={2} className="stroke-brand-600" /> : null}
        {overLine}
      </svg>
      <figcaption id={captionId} className="mt-2 text-sm text-slate-600">
        {caption}
      </figcaption>
    </figure>
  );
}

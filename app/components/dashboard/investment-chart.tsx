import type { InvestmentChartLayout } from "~/lib/charts/investment-chart-layout";

/**
 * The daily running total invested over the last 12 months, drawn on the server as SVG so it
 * reads the same without JavaScript. The loader lays it out (`layoutInvestmentChart`, with d3);
 * this only draws it, so the page's JavaScript carries no chart library (ADR 0042). A text
 * summary says in words what the picture shows.
 */
export function InvestmentChart({ chart }: { chart: InvestmentChartLayout | null }) {
  if (!chart) {
    return (
      <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-500">
        No investments yet
      </div>
    );
  }
  return (
    <figure>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-auto w-full" role="img" aria-labelledby="investment-chart-summary">
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
        {chart.linePath && chart.areaClosing ? <path d={`${chart.linePath}${chart.areaClosing}`} className="fill-brand-100" /> : null}
        {chart.linePath ? <path d={chart.linePath} fill="none" strokeWidth={2} className="stroke-brand-600" /> : null}
      </svg>
      <figcaption id="investment-chart-summary" className="mt-2 text-sm text-slate-600">
        {chart.summary}
      </figcaption>
    </figure>
  );
}

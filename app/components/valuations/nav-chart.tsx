import { LineChart } from "~/components/charts/line-chart";
import type { NavChartLayout } from "~/lib/charts/nav-history-layout";

/**
 * NAV per share over time with the issue price and settled resale prices, drawn on the server
 * as SVG (ADR 0042); the legend names each mark and the caption says it all in words.
 */
export function NavChart({ chart, captionId = "nav-chart-summary" }: { chart: NavChartLayout | null; captionId?: string }) {
  if (!chart) {
    return (
      <p className="flex h-24 items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 text-center text-sm text-slate-600">
        No valuation or settled resale yet: the chart appears with the first of either.
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="nav-chart">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Chart legend">
        <li className="flex items-center gap-1">
          <svg width="18" height="8" aria-hidden="true">
            <line x1="0" x2="18" y1="4" y2="4" strokeWidth={2} className="stroke-brand-600" />
          </svg>
          NAV per share
        </li>
        <li className="flex items-center gap-1">
          <svg width="18" height="8" aria-hidden="true">
            <line x1="0" x2="18" y1="4" y2="4" strokeDasharray="4 3" className="stroke-slate-400" />
          </svg>
          Issue price
        </li>
        <li className="flex items-center gap-1">
          <svg width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="3" className="fill-teal-600" />
          </svg>
          Settled resale
        </li>
      </ul>
      <LineChart
        chart={chart}
        line={chart.navPath}
        captionId={captionId}
        underLine={
          <line
            x1={chart.plotLeft}
            x2={chart.plotRight}
            y1={chart.issueY}
            y2={chart.issueY}
            strokeDasharray="4 4"
            className="stroke-slate-400"
          />
        }
        overLine={
          <>
            {chart.trades.map((p, index) => (
              <circle key={`t${index}`} cx={p.x} cy={p.y} r={3} className="fill-teal-600" />
            ))}
            {chart.navPoints.map((p, index) => (
              <circle key={`n${index}`} cx={p.x} cy={p.y} r={4} className="fill-brand-600 stroke-white" strokeWidth={1.5} />
            ))}
          </>
        }
      />
    </div>
  );
}

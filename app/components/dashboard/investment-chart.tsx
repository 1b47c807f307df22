import { LineChart } from "~/components/charts/line-chart";
import type { InvestmentChartLayout } from "~/lib/charts/investment-chart-layout";

/**
 * The daily running total invested over the last 12 months, shaded below the line. The loader
 * lays it out (`layoutInvestmentChart`); LineChart draws it.
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
    <LineChart
      chart={chart}
      line={chart.linePath}
      captionId="investment-chart-summary"
      underLine={
        chart.linePath && chart.areaClosing ? <path d={`${chart.linePath}${chart.areaClosing}`} className="fill-brand-100" /> : null
      }
    />
  );
}

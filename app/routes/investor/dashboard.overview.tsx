import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvestmentChart } from "~/components/dashboard/investment-chart";
import { OverviewTiles } from "~/components/dashboard/overview-tiles";
import { PortfolioDistribution } from "~/components/dashboard/portfolio-distribution";
import { requireDashboardUser } from "~/web/guards.server";
import { getPortfolioOverview } from "~/domain/portfolio/portfolio-overview.server";
import { layoutInvestmentChart } from "~/lib/charts/investment-chart-layout";
import { compactSeries } from "~/lib/portfolio/cumulative-series";
import { describeXirr } from "~/lib/portfolio/xirr";
import { getPrisma } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const overview = await getPortfolioOverview(getPrisma(), user.id);
  // Flat stretches drawn as their two ends (the same line, ADR 0038), laid out here so the
  // browser gets the SVG's geometry and no chart library (ADR 0042).
  const { series, ...figures } = overview;
  return { ...figures, chart: layoutInvestmentChart(compactSeries(series)), annualisedReturn: describeXirr(overview.annualisedReturn) };
}

export default function OverviewPage() {
  const { totals, distribution, chart, annualisedReturn } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Overview</h1>
      <OverviewTiles totals={totals} />
      <section aria-labelledby="chart-heading" className="rounded-xl border border-slate-200 p-4">
        <h2 id="chart-heading" className="font-semibold text-ink">
          Last 12 Months
        </h2>
        <p className="mb-3 text-sm text-slate-600">Total invested, day by day.</p>
        <InvestmentChart chart={chart} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="distribution-heading" className="rounded-xl border border-slate-200 p-4">
          <h2 id="distribution-heading" className="mb-3 font-semibold text-ink">
            Property Distribution
          </h2>
          <PortfolioDistribution counts={distribution} />
        </section>
        <section aria-labelledby="xirr-heading" className="rounded-xl border border-slate-200 p-4">
          <h2 id="xirr-heading" className="font-semibold text-ink">
            Your annualised return
          </h2>
          <p className="mt-2 text-2xl font-bold text-ink">{annualisedReturn}</p>
          <p className="mt-2 text-sm text-slate-600">
            The yearly rate that turns every rupee you put in (purchases and fees) into what you got back (sales, dividends) plus what your
            shares are worth today, taking into account when each payment happened.
          </p>
        </section>
      </div>
    </div>
  );
}

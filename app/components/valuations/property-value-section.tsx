import type { ReactNode } from "react";
import type { PropertyValueStory } from "~/domain/valuations/property-valuations.server";
import { NAV_FORMULA } from "~/domain/valuations/nav";
import type { NavChartLayout } from "~/lib/charts/nav-history-layout";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { TableScroll } from "~/components/ui/table-scroll";
import { NavChart } from "./nav-chart";
import { PerformanceRecordView } from "./performance-record";

/** What a loader hands the value section: the story and its chart, laid out on the server. */
export type PropertyValueView = { story: PropertyValueStory; chart: NavChartLayout | null };

function headline(story: PropertyValueStory): string {
  const { valuation } = story;
  if (valuation.source === "nav") {
    return `NAV per share ${formatRupees(valuation.price)}, from the valuation dated ${formatIndiaDate(valuation.asOf!)}. Positions are valued at it.`;
  }
  return valuation.source === "last_trade"
    ? `No valuation recorded yet: positions are valued at the last settled resale price, ${formatRupees(valuation.price)}.`
    : `No valuation recorded yet: positions are valued at the issue price, ${formatRupees(valuation.price)}.`;
}

/**
 * A property's value per share over time (issue 29): the NAV and how it is worked out, the chart
 * of NAV, issue price and resale prices, the valuation history and the performance record.
 */
export function PropertyValueSection({ view, exit }: { view: PropertyValueView; exit?: ReactNode }) {
  const { story, chart } = view;
  return (
    <section
      aria-labelledby="property-value-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="property-value"
    >
      <h2 id="property-value-heading" className="text-lg font-semibold">
        Value per share
      </h2>
      <p className="text-sm font-medium text-ink" data-testid="nav-headline">
        {headline(story)}
      </p>
      <p className="text-xs text-slate-600">
        {NAV_FORMULA} Today: debts {formatRupees(story.debts)}, reserves {formatRupees(story.reserves)}, {story.totalShares} shares.
      </p>
      <NavChart chart={chart} />
      <h3 className="text-base font-semibold text-ink">Valuation history</h3>
      {story.valuations.length === 0 ? (
        <p className="text-sm text-slate-600">No valuation recorded yet.</p>
      ) : (
        <TableScroll label="Valuation history">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Date
                </th>
                <th scope="col" className="py-1 pr-3">
                  Valuer
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Value
                </th>
                <th scope="col" className="py-1 text-right">
                  NAV per share
                </th>
              </tr>
            </thead>
            <tbody>
              {story.valuations.map((v) => (
                <tr key={`${v.valuationDate}-${v.valuer}-${v.value}`} className="border-t border-slate-100">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatIndiaDate(v.valuationDate)}</td>
                  <td className="py-1 pr-3 break-words">{v.valuer}</td>
                  <td className="py-1 pr-3 text-right">{formatRupees(v.value, { paise: "if-any" })}</td>
                  <td className="py-1 text-right">{formatRupees(v.navPerShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PerformanceRecordView record={story.performance} exit={exit} />
    </section>
  );
}

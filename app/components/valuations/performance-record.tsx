import type { ReactNode } from "react";
import type { PerformanceRecord } from "~/domain/valuations/property-valuations.server";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { Decimal } from "~/lib/money";

const perShare = (value: string) => formatRupees(new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));

/**
 * What the property has actually returned so far: distributions paid per share in each
 * financial year and the NAV's change from the first valuation to the latest. `exit` is where
 * a sold property's final figures go.
 */
export function PerformanceRecordView({ record, exit }: { record: PerformanceRecord; exit?: ReactNode }) {
  const change = record.navChange;
  return (
    <section aria-labelledby="performance-heading" className="space-y-3" data-testid="performance-record">
      <h3 id="performance-heading" className="text-base font-semibold text-ink">
        Performance record
      </h3>
      {record.distributionsByYear.length === 0 ? (
        <p className="text-sm text-slate-600">No distribution paid so far.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Distributions paid per share by financial year</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Financial year
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Paid per share
              </th>
              <th scope="col" className="py-1 text-right">
                Payments
              </th>
            </tr>
          </thead>
          <tbody>
            {record.distributionsByYear.map((year) => (
              <tr key={year.year} className="border-t border-slate-100">
                <td className="py-1 pr-3">{year.year}</td>
                <td className="py-1 pr-3 text-right">{perShare(year.perShare)}</td>
                <td className="py-1 text-right">{year.payments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-sm text-slate-700">
        {change
          ? `NAV change: ${perShare(change.from.nav)} (${formatIndiaDate(change.from.date)}) to ${perShare(change.to.nav)} (${formatIndiaDate(change.to.date)}), ${new Decimal(change.change).gte(0) ? "+" : "−"}${perShare(new Decimal(change.change).abs().toFixed(2))} a share${change.percent === null ? "" : ` (${new Decimal(change.percent).gte(0) ? "+" : ""}${change.percent}%)`}.`
          : "NAV change: shown once the property has two recorded valuations."}
      </p>
      {exit}
    </section>
  );
}

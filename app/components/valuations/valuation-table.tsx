import type { ValuationRow } from "~/domain/valuations/property-valuations.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";

const STATUS: Record<ValuationRow["status"], string> = {
  recorded: "Recorded",
  awaiting: "Awaiting a second admin",
  rejected: "Rejected",
};

/** Every valuation of the property, with its state, who recorded and decided it, and its report. */
export function ValuationTable({ propertyId, valuations }: { propertyId: string; valuations: ValuationRow[] }) {
  return (
    <section aria-labelledby="all-valuations-heading" className="space-y-2">
      <h2 id="all-valuations-heading" className="text-lg font-semibold">
        All valuations
      </h2>
      {valuations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No valuations yet.
        </p>
      ) : (
        <TableScroll label="Valuations with their state and report" className="rounded-xl border border-slate-200">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {["Date", "Valuer", "Value", "Debts + reserves", "NAV per share", "Status", "Report"].map((label) => (
                  <th key={label} scope="col" className="px-3 py-2">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {valuations.map((v) => (
                <tr key={v.id} className="border-t border-slate-100" data-testid="valuation-row">
                  <td className="px-3 py-2">{formatIndiaDate(v.valuationDate)}</td>
                  <td className="px-3 py-2 break-words">{v.valuer}</td>
                  <td className="px-3 py-2">{formatRupees(v.value)}</td>
                  <td className="px-3 py-2">
                    {formatRupees(v.debts)} + {formatRupees(v.reserves)}
                  </td>
                  <td className="px-3 py-2">{formatRupees(v.navPerShare)}</td>
                  <td className="px-3 py-2">
                    {STATUS[v.status]}
                    <span className="block text-xs text-slate-600">
                      by {v.recordedBy}
                      {v.decidedBy ? `, decided by ${v.decidedBy}` : ""}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <a href={paths.admin.valuationReport(propertyId, v.id)} className="text-brand-700 underline" download>
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

import { Decimal } from "~/lib/money";
import { RouteLink } from "~/components/ui/route-link";
import type { HistoryListRow } from "~/domain/transactions/transaction-history.server";
import { transactionSummary, TRANSACTION_TYPE_LABELS } from "~/lib/transactions";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime, formatSignedRupees } from "~/lib/formats";

export function summaryOf(row: Pick<HistoryListRow, "type" | "shares" | "description" | "property">): string {
  return transactionSummary({
    type: row.type,
    propertyTitle: row.property?.title ?? null,
    shares: row.shares,
    description: row.description,
  });
}

export function TransactionList({ rows, search }: { rows: HistoryListRow[]; search: string }) {
  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <p className="font-semibold text-ink">No transactions yet</p>
        <p className="mt-1 text-sm text-slate-600">Investments, deposits and dividends will appear here.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Transactions">
      {rows.map((row) => {
        const amount = new Decimal(row.walletEffect);
        return (
          <li key={row.id}>
            <RouteLink
              to={paths.dashboard.transaction(row.id, search)}
              keepScroll
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium break-words text-ink">{summaryOf(row)}</p>
                <p className="text-xs text-slate-500">
                  {TRANSACTION_TYPE_LABELS[row.type]} · <time dateTime={row.createdAt}>{formatIndiaDateTime(row.createdAt)}</time>
                </p>
              </div>
              <div className="ml-auto flex shrink-0 flex-col items-end gap-1">
                <span data-testid="row-amount" className={`font-semibold ${amount.isNegative() ? "text-ink" : "text-emerald-700"}`}>
                  {formatSignedRupees(amount)}
                </span>
                <TransactionStatusBadge status={row.status} />
              </div>
            </RouteLink>
          </li>
        );
      })}
    </ul>
  );
}

import { Form, Link } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import type { TicketListRow } from "~/domain/support/list-tickets.server";
import { formatIndiaDateTime } from "~/lib/formats";

export type TicketRow = TicketListRow;

export const TYPE_LABELS: Record<string, string> = {
  add_funds: "Add funds",
  withdraw_funds: "Withdrawal",
  subscription_request: "Subscription",
  general: "General",
};
export const STATUS_LABELS: Record<string, string> = { open: "Open", in_progress: "In progress", resolved: "Resolved", closed: "Closed" };
const PRIORITY_LABELS: Record<string, string> = { low: "Low", medium: "Medium", high: "High" };

type Filters = { status?: string; type?: string; priority?: string };

function FilterSelect({ name, label, value, options }: { name: string; label: string; value?: string; options: Record<string, string> }) {
  return (
    <label className="text-xs font-medium text-slate-600">
      {label}
      <select name={name} defaultValue={value ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 p-1.5 text-sm">
        <option value="">All</option>
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The filters (a GET form) and one page of tickets; each entry selects its ticket through
 * ?ticket= on the same page, and "Newer" / "Older" links carry the first or last ticket shown.
 */
export function TicketList({
  tickets,
  pages,
  pageQuery,
  filters,
  selectedId,
}: {
  tickets: TicketRow[];
  pages: { newer: string | null; older: string | null };
  pageQuery: { after?: string; before?: string };
  filters: Filters;
  selectedId: string | null;
}) {
  const filterParams = () => new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const linkFor = (id: string) => {
    const params = filterParams();
    for (const [key, value] of Object.entries(pageQuery)) if (value) params.set(key, value);
    params.set("ticket", id);
    return `${paths.admin.support()}?${params.toString()}`;
  };
  const pageLink = (key: "after" | "before", id: string) => {
    const params = filterParams();
    params.set(key, id);
    return `${paths.admin.support()}?${params.toString()}`;
  };
  return (
    <div className="space-y-3">
      <Form method="get" className="grid grid-cols-3 gap-2 rounded-xl border border-slate-200 bg-white p-3" aria-label="Filter tickets">
        <FilterSelect name="status" label="Status" value={filters.status} options={STATUS_LABELS} />
        <FilterSelect name="type" label="Type" value={filters.type} options={TYPE_LABELS} />
        <FilterSelect name="priority" label="Priority" value={filters.priority} options={PRIORITY_LABELS} />
        <button type="submit" className="col-span-3 rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white">
          Apply filters
        </button>
      </Form>
      {tickets.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">No tickets match.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="ticket-list">
          {tickets.map((t) => (
            <li key={t.id}>
              <Link
                to={linkFor(t.id)}
                aria-current={t.id === selectedId ? "true" : undefined}
                className={`block p-3 text-sm hover:bg-slate-50 ${t.id === selectedId ? "bg-brand-50" : ""}`}
              >
                <span className="flex justify-between gap-2">
                  <span className="font-medium text-ink">{t.subject}</span>
                  <span className="text-xs whitespace-nowrap text-slate-500">#{t.reference}</span>
                </span>
                <span className="mt-1 block text-xs text-slate-600">
                  {t.userName ?? t.userEmail} · {TYPE_LABELS[t.type] ?? t.type}
                  {t.amount ? ` · ${formatINR(t.amount, { paise: true })}` : ""} · {STATUS_LABELS[t.status] ?? t.status} ·{" "}
                  {PRIORITY_LABELS[t.priority] ?? t.priority} · {formatIndiaDateTime(t.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages.newer || pages.older ? (
        <nav aria-label="Ticket pages" className="flex justify-between gap-2 text-sm">
          {pages.newer ? (
            <Link to={pageLink("before", pages.newer)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium">
              Newer tickets
            </Link>
          ) : (
            <span />
          )}
          {pages.older ? (
            <Link to={pageLink("after", pages.older)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium">
              Older tickets
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

import type { ReactNode } from "react";
import type { StatementLineRow } from "~/domain/bank-statements/list-statement.server";
import { formatCalendarDate, formatRupees } from "~/lib/formats";

/** One statement line: date, amount, narration and the bank's reference, with whatever the list adds below. */
export function StatementLineCard({ line, children }: { line: StatementLineRow; children?: ReactNode }) {
  const amount = line.credit ?? line.debit ?? "0";
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium text-ink">
          {line.credit ? "In" : "Out"} {formatRupees(amount, { paise: "always" })}
        </p>
        <p className="text-sm text-slate-600">{formatCalendarDate(line.date)}</p>
      </div>
      <p className="text-sm break-words text-slate-700">{line.narration}</p>
      {line.bankReference ? <p className="text-xs break-all text-slate-600">Bank reference {line.bankReference}</p> : null}
      {children}
    </li>
  );
}

/** A titled list of lines, or its empty state. */
export function StatementSection({
  id,
  title,
  description,
  empty,
  count,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-600">({count})</span>
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {count === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid={id}>
          {children}
        </ul>
      )}
    </section>
  );
}

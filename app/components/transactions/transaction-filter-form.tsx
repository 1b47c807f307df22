import { Form, useSubmit } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS, type TransactionFilter } from "~/lib/transactions";

/** The type filter lives in the URL (?type=…); with scripts a new choice applies at once. */
export function TransactionFilterForm({ filter }: { filter: TransactionFilter }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/dashboard/transactions" className="flex flex-wrap items-end gap-2">
      <label className="text-sm font-medium text-ink">
        Type
        <select
          key={filter}
          name="type"
          defaultValue={filter}
          onChange={(event) => submit(event.currentTarget.form)}
          className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="all">All transactions</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRANSACTION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClasses("secondary", "md")}>
        Filter
      </button>
    </Form>
  );
}

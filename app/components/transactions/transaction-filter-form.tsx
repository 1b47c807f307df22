import { Form, useSubmit } from "@remix-run/react";
import { SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { paths } from "~/lib/paths";
import { TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS, type TransactionFilter } from "~/lib/transactions";

/** The type filter lives in the URL (?type=…); with scripts a new choice applies at once. */
export function TransactionFilterForm({ filter }: { filter: TransactionFilter }) {
  const submit = useSubmit();
  const action = paths.dashboard.transactions();
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2">
      <SelectField
        key={filter}
        label="Type"
        selectProps={{ name: "type", defaultValue: filter, onChange: (event) => submit(event.currentTarget.form) }}
      >
        <option value="all">All transactions</option>
        {TRANSACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {TRANSACTION_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <SubmitButton variant="secondary" pendingWhen={{ formAction: action, formMethod: "GET" }}>
        Filter
      </SubmitButton>
    </Form>
  );
}

import { Form } from "@remix-run/react";
import type { MatchedRow } from "~/domain/bank-statements/list-statement.server";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, fieldErrorClasses, labelClasses } from "~/components/ui/field-styles";
import { formatRupees } from "~/lib/formats";

/** Who asked, for what: the request a line is proposed for. */
export function RequestSummary({ line }: { line: MatchedRow }) {
  const { ticket } = line;
  return (
    <p className="text-sm text-slate-700">
      Request <span className="font-mono">{ticket.referenceCode}</span> by {ticket.fullName ?? ticket.email} ({ticket.email}) for{" "}
      {ticket.amount ? formatRupees(ticket.amount, { paise: "always" }) : "an unstated amount"}
    </p>
  );
}

/**
 * The one-click credit of a proposed line; when the amount differs, the admin must type what
 * the statement shows arrived. Above the four-eyes amount it waits for a second admin.
 */
export function CreditLineForm({ line, differs, error }: { line: MatchedRow; differs: boolean; error: string | null }) {
  const fieldId = `received-${line.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="credit" />
      <input type="hidden" name="lineId" value={line.id} />
      {differs ? (
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <label htmlFor={fieldId} className={labelClasses}>
            Amount received
          </label>
          <input
            id={fieldId}
            name="receivedAmount"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className={controlClasses}
          />
        </div>
      ) : null}
      <button type="submit" className={buttonClasses("primary", "sm")}>
        Credit {formatRupees(line.credit ?? "0", { paise: "always" })}
      </button>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className={`${fieldErrorClasses} w-full`}>
          {error}
        </p>
      ) : null}
    </Form>
  );
}

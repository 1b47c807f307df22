import { Form } from "@remix-run/react";
import { ErrorList } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { NAV_FORMULA } from "~/domain/valuations/nav";
import { errorsOf, submittedValue, type LastResult } from "~/lib/submission-result";

/** Record a valuation: valuer, date, value and the report (a PDF), sent as one multipart form. */
export function RecordValuationForm({ result }: { result: LastResult }) {
  const recording = useIsPending({ intent: "record" });
  const value = (name: string) => submittedValue(result, name) ?? "";
  const reportErrors = errorsOf(result, "report");
  return (
    <section aria-labelledby="record-valuation-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="record-valuation-heading" className="text-lg font-semibold">
        Record a valuation
      </h2>
      <p className={helpTextClasses}>
        A value more than 10% above or below the previous valuation (for the first, the property&apos;s value at issue) waits for a second
        admin on the Approvals page and counts for nothing until approved.
      </p>
      <Form method="post" encType="multipart/form-data" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="record" />
        <Field
          label="Valuer"
          errors={errorsOf(result, "valuer")}
          inputProps={{ id: "valuer", name: "valuer", maxLength: 200, defaultValue: value("valuer"), required: true }}
        />
        <Field
          label="Valuation date"
          errors={errorsOf(result, "valuationDate")}
          inputProps={{ id: "valuationDate", name: "valuationDate", type: "date", defaultValue: value("valuationDate"), required: true }}
        />
        <Field
          label="Value (₹)"
          errors={errorsOf(result, "value")}
          inputProps={{ id: "value", name: "value", inputMode: "decimal", defaultValue: value("value"), required: true }}
        />
        <div>
          <label htmlFor="valuation-report" className={labelClasses}>
            Valuation report (PDF)
          </label>
          <input
            id="valuation-report"
            name="document"
            type="file"
            accept=".pdf,application/pdf"
            aria-describedby={reportErrors ? "valuation-report-help valuation-report-error" : "valuation-report-help"}
            aria-invalid={reportErrors ? true : undefined}
            className="mt-1 block w-full text-sm"
            required
          />
          <p id="valuation-report-help" className={helpTextClasses}>
            PDF, at most 10 MB. Kept in private storage.
          </p>
          <ErrorList id="valuation-report-error" errors={reportErrors} />
        </div>
        <StatusButton type="submit" pending={recording}>
          Record valuation
        </StatusButton>
      </Form>
    </section>
  );
}

/** The property's debts and reserves, which the NAV per share deducts. */
export function PropertyBalanceForm({ result, debts, reserves }: { result: LastResult; debts: string; reserves: string }) {
  const saving = useIsPending({ intent: "balance" });
  return (
    <section aria-labelledby="balance-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="balance-heading" className="text-lg font-semibold">
        Debts and reserves
      </h2>
      <p className={helpTextClasses}>{NAV_FORMULA}</p>
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="balance" />
        <Field
          label="Debts (₹)"
          errors={errorsOf(result, "debts")}
          inputProps={{ id: "debts", name: "debts", inputMode: "decimal", defaultValue: submittedValue(result, "debts") ?? debts }}
        />
        <Field
          label="Reserves (₹)"
          errors={errorsOf(result, "reserves")}
          inputProps={{
            id: "reserves",
            name: "reserves",
            inputMode: "decimal",
            defaultValue: submittedValue(result, "reserves") ?? reserves,
          }}
        />
        <StatusButton type="submit" pending={saving}>
          Save debts and reserves
        </StatusButton>
      </Form>
    </section>
  );
}

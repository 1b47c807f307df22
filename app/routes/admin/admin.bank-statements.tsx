import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CreditLineForm, RequestSummary } from "~/components/admin/bank-statements/credit-line-form";
import { StatementLineCard, StatementSection } from "~/components/admin/bank-statements/statement-line-card";
import { buttonClasses } from "~/components/ui/button-styles";
import { formErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import { STATEMENT_COLUMNS } from "~/domain/bank-statements/statement-columns";
import { formatIndiaDateTime } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { handleBankStatementsAction, loadBankStatements, type BankStatementsActionData } from "~/web/bank-statements.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadBankStatements();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return handleBankStatementsAction(request, admin);
}

/** The first message of a refusal, for the form that was sent. */
function refusalMessage(answer: BankStatementsActionData | undefined): string | null {
  const errors = answer?.result?.error ?? {};
  return (
    Object.values(errors)
      .flat()
      .find((message): message is string => typeof message === "string") ?? null
  );
}

/** The escrow account's statements (ADR 0062): import a CSV, credit the transfers that quote a request. */
export default function AdminBankStatementsPage() {
  const desk = useLoaderData<typeof loader>();
  const answer = useActionData<BankStatementsActionData>();
  const importing = useNavigation().formEncType === "multipart/form-data";
  const message = refusalMessage(answer);
  const importError = answer?.form === "import" ? message : null;
  const creditError = (lineId: string) => (answer?.form === "credit" && answer.lineId === lineId ? message : null);
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Bank Statements</h1>
      <p className="text-sm text-slate-600">
        Bank transfers to the escrow account that did not come through the payment gateway. A credit whose narration quotes an open
        add-funds request&apos;s reference is proposed for it; crediting it resolves the request as the{" "}
        <Link to={paths.admin.support({ type: "add_funds" })} className="text-brand-700 underline">
          Support
        </Link>{" "}
        page does, with the processing fee, and waits for a second admin above the approval threshold.
      </p>

      <section aria-labelledby="import-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import a statement
        </h2>
        <Form method="post" encType="multipart/form-data" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="import" />
          <div>
            <label htmlFor="statement-file" className={labelClasses}>
              Statement file (CSV)
            </label>
            <input
              id="statement-file"
              name="statement"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby={importError ? "statement-help statement-error" : "statement-help"}
              aria-invalid={importError ? true : undefined}
              className="mt-1 block w-full text-sm"
            />
            <div id="statement-help" className={helpTextClasses}>
              <p>
                Comma-separated, at most 2 MB, one header row (lines above it are skipped). Lines already imported are skipped, so an
                overlapping statement is safe. Columns, matched by name in any case:
              </p>
              <ul className="mt-1 list-disc pl-5">
                {STATEMENT_COLUMNS.map((column) => (
                  <li key={column.field}>
                    <span className="font-medium">{column.label}</span>
                    {column.required ? "" : " (optional)"}: {column.headers.map((h) => `“${h}”`).join(", ")}
                  </li>
                ))}
              </ul>
              <p className="mt-1">Amounts as 1,00,000.00 or 100000; dates as 05/12/2026, 2026-12-05 or 05-Dec-2026.</p>
            </div>
          </div>
          {importError ? (
            <p id="statement-error" role="alert" className={formErrorClasses}>
              {importError}
            </p>
          ) : null}
          <button type="submit" className={buttonClasses("primary", "md")} disabled={importing}>
            {importing ? "Importing…" : "Import statement"}
          </button>
        </Form>
      </section>

      <StatementSection id="proposed" title="Proposed credits" count={desk.proposed.length} empty="No line waits to be credited.">
        {desk.proposed.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <RequestSummary line={line} />
            <CreditLineForm line={line} differs={false} error={creditError(line.id)} />
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection
        id="amount-differs"
        title="Amount differs"
        description="The transfer quotes a request but another amount arrived. Type the amount received to credit it, or resolve the request from its ticket."
        count={desk.amountDiffers.length}
        empty="No transfer differs from its request."
      >
        {desk.amountDiffers.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <RequestSummary line={line} />
            <CreditLineForm line={line} differs error={creditError(line.id)} />
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection
        id="awaiting"
        title="Awaiting approval"
        description="Above the approval threshold: a second admin approves it under Approvals."
        count={desk.awaiting.length}
        empty="Nothing awaits a second admin."
      >
        {desk.awaiting.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <RequestSummary line={line} />
            <Link to={paths.admin.approvals()} className="text-sm text-brand-700 underline">
              Awaiting approval
            </Link>
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection id="ambiguous" title="Ambiguous" count={desk.ambiguous.length} empty="No ambiguous line.">
        {desk.ambiguous.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <p className="text-sm text-amber-800">{line.reason}</p>
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection id="unmatched" title="Unmatched" count={desk.unmatched.length} empty="Every credit quotes an open request.">
        {desk.unmatched.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <p className="text-sm text-slate-600">{line.reason}</p>
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection id="credited" title="Credited" count={desk.credited.length} empty="No line has credited a request yet.">
        {desk.credited.map((line) => (
          <StatementLineCard key={line.id} line={line}>
            <p className="text-sm text-slate-700">
              Credited request <span className="font-mono">{line.referenceCode}</span> of {line.email}
              {line.journalId ? <span className="break-all"> · journal {line.journalId}</span> : null}
            </p>
          </StatementLineCard>
        ))}
      </StatementSection>

      <StatementSection
        id="outflows"
        title="Money out"
        description="Debits of the escrow account. They are listed, never credited."
        count={desk.outflows.length}
        empty="No money out in the statements imported."
      >
        {desk.outflows.map((line) => (
          <StatementLineCard key={line.id} line={line} />
        ))}
      </StatementSection>

      <StatementSection id="imports" title="Latest imports" count={desk.imports.length} empty="No statement imported yet.">
        {desk.imports.map((row) => (
          <li key={row.id} className="py-2 text-sm">
            <p className="font-medium break-all text-ink">{row.fileName}</p>
            <p className="text-slate-600">
              {formatIndiaDateTime(row.createdAt)} by {row.email}: {row.newLines} new, {row.knownLines} already imported
            </p>
          </li>
        ))}
      </StatementSection>
    </div>
  );
}

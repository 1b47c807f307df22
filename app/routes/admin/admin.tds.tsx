import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { handleAdminTdsAction, loadAdminTds } from "~/web/tds.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadAdminTds();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return handleAdminTdsAction(request, admin);
}

const fyLabel = (year: number) => `FY ${year}-${String((year + 1) % 100).padStart(2, "0")}`;

function Field({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error: string | null } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <input
        name={name}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {error ? (
        <span id={`${name}-error`} className="mt-1 block text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** TDS on distributions (ADR 0065): the dated rate table, each quarter's TDS with its return data and deposit. */
export default function AdminTdsPage() {
  const { rates, quarters } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors: Record<string, string[] | undefined> =
    reply && "result" in reply ? ((reply.result?.error as Record<string, string[]>) ?? {}) : {};
  const fieldError = (name: string) => errors[name]?.[0] ?? null;
  const formError = errors[""]?.[0] ?? null;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">TDS</h1>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <section aria-labelledby="quarters-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="quarters-heading" className="text-lg font-semibold">
          Quarters
        </h2>
        <p className="mt-1 text-sm text-slate-700">TDS withheld from distributions, due to the government by the 7th of the next month.</p>
        {quarters.length === 0 ? <p className="mt-2 text-sm text-slate-600">No TDS has been withheld yet.</p> : null}
        <ul className="mt-3 space-y-4">
          {quarters.map((q) => (
            <li key={`${q.financialYear}-${q.quarter}`} className="rounded-lg border border-slate-200 p-3" data-testid="tds-quarter">
              <h3 className="font-semibold">
                {fyLabel(q.financialYear)} Q{q.quarter}
              </h3>
              <p className="text-sm text-slate-700">
                {q.payments} payments, {formatRupees(q.gross)} gross, TDS {formatRupees(q.tds)}; still owed {formatRupees(q.owed)}
              </p>
              {q.deposits.map((d) => (
                <p key={`${d.bsrCode}-${d.challanSerial}`} className="text-sm text-slate-700">
                  Deposited {formatRupees(d.amount)} on {formatIndiaDate(d.depositedOn)} (BSR {d.bsrCode}, challan {d.challanSerial})
                </p>
              ))}
              <a
                className="mt-1 inline-block text-sm font-medium text-teal-800 underline"
                href={`${paths.admin.tdsReturnCsv()}?year=${q.financialYear}&quarter=${q.quarter}`}
              >
                Download return data (CSV)
              </a>
              {q.owed !== "0.00" ? (
                <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
                  <input type="hidden" name="year" value={q.financialYear} />
                  <input type="hidden" name="quarter" value={q.quarter} />
                  <Field name="bsrCode" label="BSR code (7 digits)" inputMode="numeric" required error={fieldError("bsrCode")} />
                  <Field
                    name="challanSerial"
                    label="Challan serial (5 digits)"
                    inputMode="numeric"
                    required
                    error={fieldError("challanSerial")}
                  />
                  <Field name="depositedOn" label="Date of deposit" type="date" required error={fieldError("depositedOn")} />
                  <Field
                    name="amount"
                    label="Amount in rupees"
                    inputMode="decimal"
                    required
                    defaultValue={q.owed}
                    error={fieldError("amount")}
                  />
                  <SubmitButton intent="deposit" pendingText="Saving..." className="w-full sm:w-auto">
                    Mark Deposited
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rates-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="rates-heading" className="text-lg font-semibold">
          Rates
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A payment takes the rate in force on its date (India time). Without a verified PAN the higher rate applies. A new rate closes the
          one before it; past payments keep theirs.
        </p>
        <TableScroll label="TDS rates">
          <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Act and section
                </th>
                <th scope="col" className="py-2 pr-3">
                  Payee
                </th>
                <th scope="col" className="py-2 pr-3">
                  With PAN / without
                </th>
                <th scope="col" className="py-2 pr-3">
                  Yearly threshold
                </th>
                <th scope="col" className="py-2">
                  In force
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3">
                    {r.act}, s.{r.section}
                  </td>
                  <td className="py-2 pr-3">{r.payeeResidency === "resident" ? "Resident" : "Non-resident"}</td>
                  <td className="py-2 pr-3">
                    {Number(r.rateWithPan)}% / {Number(r.rateWithoutPan)}%
                  </td>
                  <td className="py-2 pr-3">{formatRupees(String(r.yearlyThreshold))}</td>
                  <td className="py-2">
                    {formatIndiaDate(r.validFrom)} {r.validTo ? `to ${formatIndiaDate(r.validTo)}` : "onwards"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <h3 className="mt-4 font-semibold">Add a rate</h3>
        <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2" noValidate>
          <label className="block text-sm font-medium text-slate-700">
            Payee
            <select name="residency" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2" defaultValue="resident">
              <option value="resident">Resident</option>
              <option value="non_resident">Non-resident</option>
            </select>
          </label>
          <Field name="act" label="Act" defaultValue="Income-tax Act, 2025" required error={fieldError("act")} />
          <Field name="section" label="Section" defaultValue="393" required error={fieldError("section")} />
          <Field name="rateWithPan" label="Rate with a PAN (%)" inputMode="decimal" required error={fieldError("rateWithPan")} />
          <Field name="rateWithoutPan" label="Rate without a PAN (%)" inputMode="decimal" required error={fieldError("rateWithoutPan")} />
          <Field name="threshold" label="Yearly threshold in rupees" inputMode="decimal" required error={fieldError("threshold")} />
          <Field name="validFrom" label="In force from" type="date" required error={fieldError("validFrom")} />
          <SubmitButton intent="add-rate" pendingText="Saving..." className="w-full sm:w-auto">
            Add Rate
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

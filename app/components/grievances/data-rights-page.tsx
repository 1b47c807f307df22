import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountShell, type AccountShellData } from "~/components/dashboard/account-shell";
import { ErrorList } from "~/components/ui/error-list";
import { Field, SelectField } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import type { Representative } from "~/domain/grievances/data-representative.server";
import type { DataRequestSummary } from "~/domain/grievances/list-grievances.server";
import { formatIndiaDate } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { CORRECTABLE_FIELDS, DATA_CATEGORIES } from "~/lib/privacy/data-inventory";
import type { GrievanceReply } from "~/web/grievances.server";
import { ClockList, KIND_LABELS, STATUS_LABELS } from "./clock-list";

const card = "rounded-xl border border-slate-200 p-4";

type DataRightsData = {
  representative: Representative | null;
  requests: DataRequestSummary[];
  shell: AccountShellData;
  /** Whether each request's own page (on the investor dashboard) is open to this user. */
  requestPagesOpen: boolean;
};

/**
 * Every signed-in user's data rights (DPDP Act 2023; ADR 0082): export, correction, erasure, a
 * representative, and past requests with their clocks and what was refused.
 */
export function DataRightsPage() {
  const { representative, requests, shell, requestPagesOpen } = useLoaderData<DataRightsData>();
  const reply = useActionData<GrievanceReply>();
  const errorsOf = (form: string) => (field: string) => (reply?.form === form ? (reply.result?.error?.[field] ?? undefined) : undefined);
  const correction = errorsOf("correction");
  const erasure = errorsOf("erasure");
  const nominee = errorsOf("representative");
  return (
    <AccountShell shell={shell}>
      <div className="max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-bold text-ink">Your data</h1>
        <p className="text-sm text-slate-700">
          What we hold, why and for how long is in the{" "}
          <Link to={paths.legal.privacyNotice()} className="font-semibold text-brand-700 underline">
            privacy notice
          </Link>
          . Requests below run on the same clocks as complaints: acknowledged within 24 hours, settled within 15 days.
        </p>
        <section aria-labelledby="export" className={card}>
          <h2 id="export" className="font-semibold text-ink">
            A copy of your data
          </h2>
          <a href={paths.dashboard.dataExport()} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
            Download everything we hold about you (zip)
          </a>
        </section>
        <section aria-labelledby="correction" className={card}>
          <h2 id="correction" className="font-semibold text-ink">
            Ask for a correction
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="correction" />
            <SelectField
              label="What is wrong?"
              errors={correction("field")}
              selectProps={{ name: "field", required: true, defaultValue: "" }}
            >
              <option value="" disabled>
                Choose
              </option>
              {CORRECTABLE_FIELDS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </SelectField>
            <Field label="The correct value" errors={correction("value")} inputProps={{ name: "value", required: true, maxLength: 500 }} />
            <Field
              label="Anything we should know (optional)"
              errors={correction("explanation")}
              inputProps={{ name: "explanation", maxLength: 2000 }}
            />
            <ErrorList errors={correction("")} />
            <StatusButton type="submit">Request correction</StatusButton>
          </Form>
        </section>
        <section aria-labelledby="erasure" className={card}>
          <h2 id="erasure" className="font-semibold text-ink">
            Ask for erasure
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            What no law makes us keep is erased at once. Records the law requires us to keep are not erased; we tell you which law.
          </p>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="erasure" />
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-ink">Erase</legend>
              {DATA_CATEGORIES.map((c) => (
                <label key={c.id} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="categories" value={c.id} className="mt-1 h-5 w-5" />
                  <span>
                    {c.name}
                    {c.keptBecause ? (
                      <span className="block text-xs text-slate-500">Kept by law; a request will be refused with the reason.</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
            <ErrorList errors={erasure("categories") ?? erasure("")} />
            <StatusButton type="submit">Request erasure</StatusButton>
          </Form>
        </section>
        <section aria-labelledby="representative" className={card}>
          <h2 id="representative" className="font-semibold text-ink">
            Your representative
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            One person who may exercise these rights for you if you die or cannot act yourself (DPDP Act 2023, section 14).
          </p>
          {representative ? (
            <p className="mt-2 text-sm">
              Now: <span className="font-semibold">{representative.fullName}</span> ({representative.relationship}), {representative.email}
            </p>
          ) : null}
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="representative" />
            <Field
              label="Full name"
              errors={nominee("fullName")}
              inputProps={{ name: "fullName", required: true, maxLength: 120, defaultValue: representative?.fullName }}
            />
            <Field
              label="E-mail"
              errors={nominee("email")}
              inputProps={{ name: "email", type: "email", required: true, defaultValue: representative?.email }}
            />
            <Field
              label="Relationship to you"
              errors={nominee("relationship")}
              inputProps={{ name: "relationship", required: true, maxLength: 60, defaultValue: representative?.relationship }}
            />
            <ErrorList errors={nominee("")} />
            <StatusButton type="submit">{representative ? "Replace representative" : "Save representative"}</StatusButton>
          </Form>
          {representative ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="remove-representative" />
              <button type="submit" className="text-sm font-semibold text-red-700 underline">
                Remove representative
              </button>
            </Form>
          ) : null}
        </section>
        <section aria-labelledby="requests">
          <h2 id="requests" className="font-semibold text-ink">
            Your data requests
          </h2>
          {requests.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">None yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
              {requests.map((r) => (
                <li key={r.ticketId} className="space-y-2 p-3">
                  <p>
                    {requestPagesOpen ? (
                      <Link to={paths.dashboard.complaint(r.ticketId)} className="font-semibold text-brand-700 underline">
                        {KIND_LABELS[r.kind]} {r.reference}
                      </Link>
                    ) : (
                      <span className="font-semibold text-ink">
                        {KIND_LABELS[r.kind]} {r.reference}
                      </span>
                    )}{" "}
                    · {STATUS_LABELS[r.status] ?? r.status} · {formatIndiaDate(r.createdAt)}
                  </p>
                  <ClockList clocks={r.clocks} compact />
                  {r.refused.length ? (
                    <ul className="space-y-1 text-xs text-slate-700" aria-label={`Not erased in ${r.reference}`}>
                      {r.refused.map((refusal) => (
                        <li key={refusal.name}>
                          <span className="font-semibold">Not erased - {refusal.name}:</span> {refusal.reason}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AccountShell>
  );
}

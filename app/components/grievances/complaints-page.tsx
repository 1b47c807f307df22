import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { GrievanceSummary } from "~/domain/grievances/list-grievances.server";
import { GENERAL_TICKET_LIMITS } from "~/domain/support/general-ticket-limits";
import { formatIndiaDate } from "~/lib/formats";
import { paths } from "~/lib/paths";
import type { GrievanceReply } from "~/web/grievances.server";
import { ClockList, KIND_LABELS, STATUS_LABELS } from "./clock-list";

/** Raise a complaint, and see one's own complaints and data requests with their clocks. */
export function ComplaintsPage() {
  const { grievances } = useLoaderData<{ grievances: GrievanceSummary[] }>();
  const reply = useActionData<GrievanceReply>();
  const submitting = useIsPending({ state: "submitting" });
  const errorFor = (field: string) => reply?.result?.error?.[field] ?? undefined;
  const typed = (reply?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <div className="max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Complaints</h1>
      <p className="text-sm text-slate-700">
        We acknowledge a complaint within 24 hours and resolve it within 15 days; each clock is shown on the complaint. For your personal
        data, see{" "}
        <Link to={paths.dashboard.dataRights()} className="font-semibold text-brand-700 underline">
          your data
        </Link>
        .
      </p>
      <section aria-labelledby="new-complaint" className="rounded-xl border border-slate-200 p-4">
        <h2 id="new-complaint" className="font-semibold text-ink">
          Raise a complaint
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <Field
            label="What is it about?"
            errors={errorFor("subject")}
            inputProps={{ name: "subject", required: true, maxLength: GENERAL_TICKET_LIMITS.subject, defaultValue: typed.subject }}
          />
          <div>
            <label htmlFor="complaint-description" className={labelClasses}>
              What happened?
            </label>
            <textarea
              id="complaint-description"
              name="description"
              rows={5}
              required
              maxLength={GENERAL_TICKET_LIMITS.description}
              defaultValue={typed.description}
              aria-invalid={errorFor("description") ? true : undefined}
              aria-describedby={errorFor("description") ? "complaint-description-error" : undefined}
              className={controlClasses}
            />
            <ErrorList id="complaint-description-error" errors={errorFor("description")} />
          </div>
          <ErrorList errors={errorFor("")} />
          <StatusButton type="submit" pending={submitting} pendingText="Sending...">
            Raise complaint
          </StatusButton>
        </Form>
      </section>
      <section aria-labelledby="my-complaints">
        <h2 id="my-complaints" className="font-semibold text-ink">
          Your complaints and requests
        </h2>
        {grievances.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">You have not raised any yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {grievances.map((g) => (
              <li key={g.ticketId} className="space-y-2 p-4 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Link to={paths.dashboard.complaint(g.ticketId)} className="min-w-0 font-semibold break-words text-brand-700 underline">
                    {g.subject}
                  </Link>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {STATUS_LABELS[g.status] ?? g.status}
                  </span>
                </div>
                <p className="text-xs text-slate-500">
                  {KIND_LABELS[g.kind] ?? g.kind} {g.reference} · {formatIndiaDate(g.createdAt)}
                </p>
                <ClockList clocks={g.clocks} compact />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

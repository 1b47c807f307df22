import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/ui/error-list";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { GrievanceDetail } from "~/domain/grievances/list-grievances.server";
import { SEBI_SCORES_URL, SMART_ODR_URL } from "~/lib/grievance-routes";
import { formatIndiaDateTime } from "~/lib/formats";
import { paths } from "~/lib/paths";
import type { GrievanceReply } from "~/web/grievances.server";
import { ClockList, KIND_LABELS, STATUS_LABELS } from "./clock-list";

/** One complaint or data request: its clocks, our answer, what was refused and why, and the escalate button. */
export function ComplaintPage() {
  const { grievance } = useLoaderData<{ grievance: GrievanceDetail }>();
  const reply = useActionData<GrievanceReply>();
  const escalating = useIsPending({ state: "submitting" });
  return (
    <div className="max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:px-8">
      <Link to={paths.dashboard.complaints()} className="text-sm font-semibold text-brand-700 underline">
        All complaints
      </Link>
      <div>
        <p className="text-xs text-slate-500">
          {KIND_LABELS[grievance.kind] ?? grievance.kind} {grievance.reference} · raised {formatIndiaDateTime(grievance.createdAt)}
        </p>
        <h1 className="text-2xl font-bold break-words text-ink">{grievance.subject}</h1>
        <p className="mt-1 text-sm">
          Status: <span className="font-semibold">{STATUS_LABELS[grievance.status] ?? grievance.status}</span>
        </p>
      </div>
      <section aria-labelledby="clocks">
        <h2 id="clocks" className="mb-2 font-semibold text-ink">
          Clocks
        </h2>
        <ClockList clocks={grievance.clocks} />
      </section>
      {grievance.refused.length ? (
        <section aria-labelledby="refused" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <h2 id="refused" className="font-semibold text-ink">
            Not erased, and why
          </h2>
          <ul className="mt-2 space-y-2">
            {grievance.refused.map((r) => (
              <li key={r.name}>
                <span className="font-semibold">{r.name}:</span> {r.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="details" className="text-sm">
        <h2 id="details" className="font-semibold text-ink">
          What you wrote
        </h2>
        <p className="mt-1 break-words whitespace-pre-line text-slate-700">{grievance.description}</p>
        {grievance.response ? (
          <>
            <h2 className="mt-3 font-semibold text-ink">Our answer</h2>
            <p className="mt-1 break-words whitespace-pre-line text-slate-700">{grievance.response}</p>
          </>
        ) : null}
      </section>
      <section aria-labelledby="escalate" className="rounded-xl border border-slate-200 p-4 text-sm">
        <h2 id="escalate" className="font-semibold text-ink">
          Escalate
        </h2>
        {grievance.escalations.length ? (
          <p className="mt-1 text-slate-700">
            Escalated {grievance.escalations.length === 1 ? "once" : `${grievance.escalations.length} times`}, last on{" "}
            {formatIndiaDateTime(grievance.escalations.at(-1)!.createdAt)}.
          </p>
        ) : null}
        {grievance.canEscalate ? (
          <Form method="post" className="mt-2">
            <p className="mb-2 text-slate-700">
              Not happy with how this is going? A second member of our team will look at it. You can do this once.
            </p>
            <ErrorList errors={reply?.result?.error?.[""] ?? undefined} />
            <StatusButton type="submit" name="intent" value="escalate" pending={escalating} pendingText="Escalating...">
              Escalate this complaint
            </StatusButton>
          </Form>
        ) : null}
        <p className="mt-3 text-slate-600">
          Still not resolved? Complain to SEBI on{" "}
          <a href={SEBI_SCORES_URL} className="underline">
            SCORES
          </a>
          , then seek online dispute resolution on{" "}
          <a href={SMART_ODR_URL} className="underline">
            SMART ODR
          </a>
          .
        </p>
      </section>
    </div>
  );
}

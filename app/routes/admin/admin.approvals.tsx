import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { FormErrors } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { controlClasses } from "~/components/ui/field-styles";
import { formatINR } from "~/lib/money";
import type { ApprovalRow } from "~/domain/approvals/list-approvals.server";
import { paths } from "~/lib/paths";
import { formErrorsOf } from "~/lib/submission-result";
import { decideApproval, loadApprovals } from "./admin-approvals.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { formatIndiaDateTime } from "~/lib/formats";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return loadApprovals(admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return decideApproval(request, admin);
}

const STATUS_WORDS: Record<string, string> = {
  approved: "Approved",
  rejected: "Rejected",
  failed: "Failed",
  awaiting: "Awaiting approval",
};
const when = (iso: string) => formatIndiaDateTime(iso);

/** The facts the second admin decides on, with links to the ticket and the person. */
function ApprovalFacts({ row }: { row: ApprovalRow }) {
  if (row.facts.length === 0) return null;
  return (
    <div className="mt-2">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {row.facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-slate-600">{fact.label}</dt>
            <dd className="break-words text-ink">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 flex flex-wrap gap-3">
        {row.ticketId ? (
          <Link className="text-brand-700 underline" to={`${paths.admin.support()}?ticket=${row.ticketId}`}>
            Open the ticket
          </Link>
        ) : null}
        {row.userId ? (
          <Link className="text-brand-700 underline" to={paths.admin.user(row.userId)}>
            Open the user
          </Link>
        ) : null}
      </p>
    </div>
  );
}

export default function AdminApprovalsPage() {
  const { awaiting, decided, viewerId, viewerCannotApprove, threshold } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useLiveRevalidation({ admin: true });
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold text-ink">Approvals</h1>
        <p className="mt-1 text-sm text-slate-600">
          Deposits, withdrawals and settlements above {formatINR(threshold)}, and every grant or removal of admin rights, need a second
          admin: the admin who recorded one cannot approve it, and an admin approves nothing in their first 24 hours or without approved
          KYC.
        </p>
        {viewerCannotApprove ? (
          <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{viewerCannotApprove}</p>
        ) : null}
      </div>
      <FormErrors errors={formErrorsOf(reply?.result, "intent", "approvalId", "note")} />
      <section aria-labelledby="awaiting-heading" className="space-y-3">
        <h2 id="awaiting-heading" className="text-lg font-semibold text-ink">
          Awaiting approval ({awaiting.length})
        </h2>
        {awaiting.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            Nothing is waiting for a second admin.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Awaiting approval">
            {awaiting.map((row) => {
              const own = row.requestedBy.id === viewerId;
              return (
                <li key={row.id} className="rounded-xl border border-amber-200 bg-white p-4 text-sm">
                  <p className="font-medium text-ink">{row.summary}</p>
                  <ApprovalFacts row={row} />
                  <p className="mt-1 text-slate-600">
                    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Awaiting approval</span>{" "}
                    Recorded by {row.requestedBy.name} on {when(row.createdAt)}
                  </p>
                  {own ? (
                    <p className="mt-2 text-slate-600">You recorded this one: another admin must approve or reject it.</p>
                  ) : (
                    <div className="mt-3 flex flex-wrap items-end gap-2">
                      {viewerCannotApprove ? null : (
                        <Form method="post">
                          <input type="hidden" name="approvalId" value={row.id} />
                          <SubmitButton intent="approve" size="sm">
                            Approve
                          </SubmitButton>
                        </Form>
                      )}
                      <Form method="post" className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="approvalId" value={row.id} />
                        <label className="sr-only" htmlFor={`note-${row.id}`}>
                          Reason for rejecting
                        </label>
                        <input
                          id={`note-${row.id}`}
                          name="note"
                          placeholder="Reason (optional)"
                          className={controlClasses}
                          maxLength={1000}
                        />
                        <SubmitButton intent="reject" variant="secondary" size="sm">
                          Reject
                        </SubmitButton>
                      </Form>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="decided-heading" className="space-y-3">
        <h2 id="decided-heading" className="text-lg font-semibold text-ink">
          Recently decided
        </h2>
        {decided.length === 0 ? (
          <p className="text-sm text-slate-600">No decisions yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Recently decided">
            {decided.map((row) => (
              <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium text-ink">{row.summary}</p>
                <p className="text-slate-600">
                  {STATUS_WORDS[row.status] ?? row.status} by {row.decidedBy?.name ?? "-"}
                  {row.decidedAt ? ` on ${when(row.decidedAt)}` : ""} (recorded by {row.requestedBy.name})
                  {row.decisionNote ? ` - ${row.decisionNote}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

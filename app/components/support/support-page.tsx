import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SelectField } from "~/components/ui/field";
import { ErrorList } from "~/components/ui/error-list";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { GENERAL_TICKET_LIMITS } from "~/domain/support/general-ticket-limits";
import type { OwnTicket } from "~/domain/support/create-general-ticket.server";
import { formatIndiaDate } from "~/lib/formats";
import type { SupportReply } from "~/web/support-page.server";

const STATUS_LABELS: Record<string, string> = { open: "Open", in_progress: "In progress", resolved: "Resolved", closed: "Closed" };
const TYPE_LABELS: Record<string, string> = {
  general: "General",
  add_funds: "Add funds",
  withdraw_funds: "Withdraw funds",
  subscription_request: "Upgrade",
};

/** The Support page of both dashboards: ask the team, and see one's own requests. */
export function SupportPage() {
  const { tickets } = useLoaderData<{ tickets: OwnTicket[] }>();
  const reply = useActionData<SupportReply>();
  const submitting = useIsPending({ state: "submitting" });
  const errorFor = (field: string) => reply?.result?.error?.[field] ?? undefined;
  const typed = (reply?.result?.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <div className="max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Support</h1>
      <section aria-labelledby="new-ticket" className="rounded-xl border border-slate-200 p-4">
        <h2 id="new-ticket" className="font-semibold text-ink">
          Ask our team
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <Field
            label="Subject"
            errors={errorFor("subject")}
            inputProps={{ name: "subject", required: true, maxLength: GENERAL_TICKET_LIMITS.subject, defaultValue: typed.subject }}
          />
          <div>
            <label htmlFor="ticket-description" className={labelClasses}>
              How can we help?
            </label>
            <textarea
              id="ticket-description"
              name="description"
              rows={5}
              required
              maxLength={GENERAL_TICKET_LIMITS.description}
              defaultValue={typed.description}
              aria-invalid={errorFor("description") ? true : undefined}
              aria-describedby={errorFor("description") ? "ticket-description-error" : undefined}
              className={controlClasses}
            />
            <ErrorList id="ticket-description-error" errors={errorFor("description")} />
          </div>
          <SelectField
            label="Priority"
            errors={errorFor("priority")}
            selectProps={{ name: "priority", defaultValue: typed.priority ?? "medium" }}
          >
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </SelectField>
          <ErrorList errors={errorFor("")} />
          <StatusButton type="submit" pending={submitting} pendingText="Sending...">
            Send request
          </StatusButton>
        </Form>
      </section>
      <section aria-labelledby="my-tickets">
        <h2 id="my-tickets" className="font-semibold text-ink">
          Your requests
        </h2>
        {tickets.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">You have not sent any requests yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-start justify-between gap-2 p-4 text-sm">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink">{ticket.subject}</p>
                  <p className="text-xs text-slate-500">
                    {TYPE_LABELS[ticket.ticketType] ?? ticket.ticketType} · {formatIndiaDate(ticket.createdAt)}
                  </p>
                  {ticket.adminResponse ? <p className="mt-1 break-words text-slate-700">Reply: {ticket.adminResponse}</p> : null}
                </div>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                  {STATUS_LABELS[ticket.status] ?? ticket.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

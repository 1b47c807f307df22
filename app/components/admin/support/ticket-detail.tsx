import { Form } from "@remix-run/react";
import { ClockList, KIND_LABELS } from "~/components/grievances/clock-list";
import { useState } from "react";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";
import { FormErrors } from "~/components/ui/error-list";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/status-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { EnhancedField, markEnhanced } from "~/components/ui/enhanced-field";
import { formatINR } from "~/lib/money";
import { errorsOf, formErrorsOf, submittedValue, type LastResult } from "~/lib/submission-result";
import { STATUS_LABELS, TYPE_LABELS } from "./ticket-list";
import type { TicketDetail } from "~/domain/support/list-tickets.server";
import { formatIndiaDateTime } from "~/lib/formats";
import { BankCheck } from "~/components/payouts/bank-check";

/** A ticket as the admin page shows it (the contact details and update time stay on the server). */
export type TicketView = Omit<TicketDetail, "contactInfo" | "updatedAt">;

/** The action's answer: conform's reply, for the ticket it was sent for. */
export type TicketReply = { result: LastResult };

const FINAL = ["resolved", "closed"];

/** One ticket: who asked for what, its history, and the update form (spec 001, 2.9 and "Support update"). */
export function TicketDetail({ ticket, reply, returnTo }: { ticket: TicketView; reply: TicketReply | null; returnTo: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState(ticket.status);
  const [response, setResponse] = useState("");
  // A status chosen before the page's scripts ran is the one the form goes on with.
  const statusRef = useTypedBeforeHydration<HTMLSelectElement>(status, setStatus);
  const responseRef = useTypedBeforeHydration<HTMLTextAreaElement>(response, setResponse);
  const result = submittedValue(reply?.result, "ticketId") === ticket.id ? reply?.result : null;
  // The button is enabled only when something changed; the server refuses a no-op too.
  const changed = status !== ticket.status || (response.trim() !== "" && response.trim() !== (ticket.adminResponse ?? ""));
  const settled = FINAL.includes(ticket.status) && (ticket.type === "add_funds" || ticket.type === "withdraw_funds");

  return (
    <article className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="ticket-title">
      <header>
        <p className="text-xs text-slate-500">Ticket #{ticket.reference}</p>
        <h2 id="ticket-title" className="text-lg font-semibold text-ink">
          {ticket.subject}
        </h2>
        <p className="text-sm text-slate-600">
          {TYPE_LABELS[ticket.type] ?? ticket.type} · {STATUS_LABELS[ticket.status] ?? ticket.status} · priority {ticket.priority} ·{" "}
          {formatIndiaDateTime(ticket.createdAt)}
        </p>
        {ticket.grievance ? (
          <div className="mt-2 rounded-lg bg-amber-50 p-2">
            <p className="mb-1 text-xs font-semibold text-amber-900">
              {KIND_LABELS[ticket.grievance.kind] ?? ticket.grievance.kind}: your first update acknowledges it
            </p>
            <ClockList clocks={ticket.grievance.clocks} compact />
          </div>
        ) : null}
      </header>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Requested by</dt>
          <dd className="font-medium">{ticket.userName ?? "—"}</dd>
          <dd>{ticket.userEmail}</dd>
          <dd>{ticket.userPhone ?? "No phone"}</dd>
        </div>
        {ticket.amount ? (
          <div>
            <dt className="text-slate-600">Amount requested</dt>
            <dd className="font-medium">{formatINR(ticket.amount, { paise: true })}</dd>
            {ticket.referenceCode ? (
              <dd>
                Transfer reference: <strong data-testid="ticket-reference-code">{ticket.referenceCode}</strong>
              </dd>
            ) : null}
            {ticket.receivedAmount ? <dd>Received: {formatINR(ticket.receivedAmount, { paise: true })}</dd> : null}
            {ticket.bankReference ? <dd>Paid by hand, UTR {ticket.bankReference}</dd> : null}
          </div>
        ) : null}
      </dl>
      {ticket.payout ? <PayoutFacts payout={ticket.payout} /> : null}
      {ticket.type === "withdraw_funds" ? <BankCheck account={ticket.bankAccount} heading="Destination bank account" /> : null}
      {ticket.description ? <p className="text-sm whitespace-pre-line text-slate-700">{ticket.description}</p> : null}
      {ticket.adminResponse ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm">
          <span className="font-medium">Response:</span> {ticket.adminResponse}
        </p>
      ) : null}

      <Form method="post" className="space-y-3 border-t border-slate-100 pt-4" onSubmit={markEnhanced}>
        <input type="hidden" name="ticketId" value={ticket.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <EnhancedField />
        <FormErrors errors={formErrorsOf(result, "ticketId", "returnTo", "adminResponse", "activateSubscription", "enhanced")} />
        <SelectField
          label="Status"
          errors={errorsOf(result, "status")}
          selectProps={{ ref: statusRef, name: "status", value: status, onChange: (event) => setStatus(event.target.value) }}
        >
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {ticket.type === "add_funds" && !settled ? (
          <Field
            label="Amount actually received (₹), used when resolving"
            help="The wallet is credited this amount less the ₹10 processing fee."
            errors={errorsOf(result, "receivedAmount")}
            inputProps={{
              name: "receivedAmount",
              inputMode: "decimal",
              defaultValue: submittedValue(result, "receivedAmount") ?? ticket.amount ?? "",
            }}
          />
        ) : null}
        {ticket.type === "withdraw_funds" && !settled && !ticket.payout ? (
          <Field
            label="Bank reference (UTR), when paying by hand"
            help={
              ticket.bankAccount?.verified
                ? "Resolving pays this withdrawal out to the verified account above; no UTR is needed."
                : "Resolving records the withdrawal as paid: give the UTR of the transfer you made."
            }
            errors={errorsOf(result, "bankReference")}
            inputProps={{ name: "bankReference", autoComplete: "off", defaultValue: submittedValue(result, "bankReference") ?? "" }}
          />
        ) : null}
        {ticket.type === "subscription_request" && !ticket.subscriptionActive ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="activateSubscription" defaultChecked />
            Grant Premium as a waiver (no payment, no end date) when resolving
          </label>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Admin response
          <textarea
            ref={responseRef}
            name="adminResponse"
            rows={3}
            value={response}
            onChange={(event) => setResponse(event.target.value)}
            placeholder={ticket.adminResponse ?? "Write a response"}
            className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-sm"
          />
        </label>
        <SubmitButton disabled={hydrated && !changed} pendingText="Updating...">
          Update Ticket
        </SubmitButton>
      </Form>

      <section aria-labelledby="ticket-history">
        <h3 id="ticket-history" className="text-sm font-semibold text-ink">
          History
        </h3>
        <ol className="mt-2 space-y-2 text-sm" data-testid="ticket-history">
          {ticket.history.map((event) => (
            <li key={event.id} className="border-l-2 border-slate-200 pl-3">
              <p>
                {event.fromStatus ? `${STATUS_LABELS[event.fromStatus]} → ` : ""}
                {STATUS_LABELS[event.toStatus]} · {event.actor ?? "—"} · {formatIndiaDateTime(event.createdAt)}
              </p>
              <p className="text-slate-600">{event.note}</p>
              {event.adminResponse ? <p className="text-slate-600">Response: {event.adminResponse}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

const PAYOUT_WORDS: Record<string, string> = {
  queued: "Queued: not yet accepted by the provider",
  processing: "With the bank",
  processed: "Paid",
  reversed: "Returned by the bank",
  failed: "Failed: the hold was released",
};

/** A withdrawal's payout through the provider: where it stands, and the references to quote. */
function PayoutFacts({ payout }: { payout: NonNullable<TicketView["payout"]> }) {
  return (
    <section aria-labelledby="payout-facts" className="rounded-lg border border-slate-200 p-3 text-sm">
      <h3 id="payout-facts" className="font-semibold">
        Payout to {payout.maskedNumber}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">State</dt>
          <dd className="font-medium" data-testid="payout-state">
            {PAYOUT_WORDS[payout.status] ?? payout.status}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-600">UTR</dt>
          <dd className="font-medium break-all">{payout.utr ?? "Not yet"}</dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-600">Provider reference</dt>
          <dd className="break-all">{payout.providerPayoutId ?? "Not yet sent"}</dd>
        </div>
        {payout.failureReason || payout.lastError ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-slate-600">Detail</dt>
            <dd className="break-words">{payout.failureReason ?? payout.lastError}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

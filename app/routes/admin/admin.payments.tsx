import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PayoutAccountSection } from "~/components/payouts/payout-account-section";
import { buttonClasses } from "~/components/ui/button-styles";
import { TableScroll } from "~/components/ui/table-scroll";
import { paymentState } from "~/components/wallet/payment-states";
import { formatIndiaDateTime, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { handleAdminPaymentsAction, loadAdminPayments } from "~/web/payments.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadAdminPayments();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return handleAdminPaymentsAction(request, admin);
}

const REASONS: Record<string, string> = {
  amount_mismatch: "Paid another amount than ordered",
  second_payment: "A second payment of a paid order",
};

const PAYOUT_STATES: Record<string, string> = {
  queued: "Queued",
  processing: "With the bank",
  processed: "Paid",
  reversed: "Returned",
  failed: "Failed",
};

/** Gateway payments (ADR 0061): what needs a decision, webhooks waiting for a replay, and the latest payments. */
export default function AdminPaymentsPage() {
  const { payments, exceptions, inbox, payouts, payoutAccount, reconciliations, yesterday, gatewayOn } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Payments</h1>
      <p className="text-sm text-slate-600">
        {gatewayOn
          ? "Deposits by UPI and net banking through the payment gateway. A payment is credited once, when the gateway confirms it."
          : "No payment gateway is configured: deposits arrive as bank-transfer requests under Support."}
      </p>

      <section aria-labelledby="exceptions-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="exceptions-heading" className="text-lg font-semibold">
          Needs a decision
        </h2>
        {exceptions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No payment is waiting for a decision.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="payment-exceptions">
            {exceptions.map((row) => (
              <li key={row.id} className="py-2">
                <p className="font-medium text-ink">
                  {REASONS[row.reason] ?? row.reason}: {row.email}
                </p>
                <p className="text-slate-600">
                  Ordered {formatRupees(row.expected_amount, { paise: "always" })}, paid{" "}
                  {formatRupees(row.paid_amount, { paise: "always" })} · payment{" "}
                  <span className="break-all">{row.provider_payment_id}</span> · {formatIndiaDateTime(row.created_at)}
                </p>
                <Form method="post" className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="exceptionId" value={row.id} />
                  <button type="submit" name="intent" value="refund" className={buttonClasses("secondary", "sm")}>
                    Refund {formatRupees(row.paid_amount, { paise: "always" })} to the payer
                  </button>
                  <button type="submit" name="intent" value="credit" className={buttonClasses("secondary", "sm")}>
                    Credit it to the wallet
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="inbox-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="inbox-heading" className="text-lg font-semibold">
          Webhooks not processed
        </h2>
        {inbox.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Every webhook received has been processed.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="webhook-inbox">
            {inbox.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-medium text-ink">
                    {row.event_type} · {row.deliveries} {row.deliveries === 1 ? "delivery" : "deliveries"}
                  </p>
                  <p className="text-slate-600">
                    {formatIndiaDateTime(row.received_at)}
                    {row.last_error ? ` · last error: ${row.last_error}` : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="replay" />
                  <input type="hidden" name="eventId" value={row.id} />
                  <button type="submit" className={buttonClasses("secondary", "sm")}>
                    Replay
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reconciliation-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="reconciliation-heading" className="text-lg font-semibold">
          Reconciliation
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every night the gateway's payments, payouts and settlements of the day before are matched with the ledger; settlements are booked
          to the escrow account once.
        </p>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="reconcile" />
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Day (India)</span>
            <input type="date" name="day" required defaultValue={yesterday} className="mt-1 rounded-md border border-slate-300 px-2 py-1" />
          </label>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Reconcile now
          </button>
        </Form>
        {reconciliations.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No day has been reconciled yet.</p>
        ) : (
          <ul className="mt-3 space-y-3 text-sm" data-testid="reconciliations">
            {reconciliations.map((run) => (
              <li key={run.id} className="rounded-lg border border-slate-100 p-3">
                <p className="font-medium text-ink">
                  {run.day}: {run.differences.length === 0 ? "agrees" : `${run.differences.length} to look into`}
                </p>
                <p className="text-slate-600">
                  {`Captured ${formatRupees(run.providerCaptured, { paise: "always" })}, credited ${formatRupees(run.ledgerCredited, { paise: "always" })} · paid out ${formatRupees(run.providerPaidOut, { paise: "always" })}, posted ${formatRupees(run.ledgerPaidOut, { paise: "always" })} · settled ${formatRupees(run.settled, { paise: "always" })} (${run.settlementsBooked} booked) · ran ${formatIndiaDateTime(run.ranAt)}`}
                </p>
                {run.differences.length > 0 ? (
                  <ul className="mt-2 space-y-1">
                    {run.differences.map((difference) => (
                      <li key={`${difference.kind}:${difference.reference}`} className="break-words">
                        <span className="font-medium">{difference.detail}</span>
                        {` · ${difference.reference}`}
                        {difference.providerAmount ? ` · gateway ${formatRupees(difference.providerAmount, { paise: "always" })}` : ""}
                        {difference.ledgerAmount ? ` · ledger ${formatRupees(difference.ledgerAmount, { paise: "always" })}` : ""}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="payouts-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payouts
        </h2>
        {payouts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No withdrawal has been paid out through the provider yet.</p>
        ) : (
          <TableScroll label="Payouts" className="mt-2">
            <table className="min-w-full text-left text-sm" data-testid="payouts">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4 font-medium">Investor</th>
                  <th className="py-2 pr-4 font-medium">Amount</th>
                  <th className="py-2 pr-4 font-medium">To</th>
                  <th className="py-2 pr-4 font-medium">State</th>
                  <th className="py-2 pr-4 font-medium">UTR</th>
                  <th className="py-2 pr-4 font-medium">Provider reference</th>
                  <th className="py-2 pr-4 font-medium">Approved</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {payouts.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-4">
                      <Link to={`${paths.admin.support()}?ticket=${row.ticket_id}`} className="text-brand-700 underline">
                        {row.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatRupees(row.amount, { paise: "always" })}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{row.masked_number}</td>
                    <td className="py-2 pr-4">
                      {PAYOUT_STATES[row.status] ?? row.status}
                      {row.detail ? <span className="block text-xs text-slate-600">{row.detail}</span> : null}
                    </td>
                    <td className="py-2 pr-4">{row.utr ?? "—"}</td>
                    <td className="min-w-64 py-2 pr-4 text-xs break-all">{row.provider_payout_id ?? "Not yet sent"}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatIndiaDateTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <PayoutAccountSection account={payoutAccount} result={reply && "result" in reply ? reply.result : null} />

      <section aria-labelledby="latest-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="latest-heading" className="text-lg font-semibold">
          Latest payments
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No payment through the gateway yet.</p>
        ) : (
          <TableScroll label="Latest payments" className="mt-2">
            <table className="min-w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4 font-medium">Investor</th>
                  <th className="py-2 pr-4 font-medium">Amount</th>
                  <th className="py-2 pr-4 font-medium">State</th>
                  <th className="py-2 pr-4 font-medium">Gateway payment</th>
                  <th className="py-2 pr-4 font-medium">Created</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {payments.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-4">{row.email}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatRupees(row.amount, { paise: "always" })}</td>
                    <td className="py-2 pr-4">{paymentState(row.status).label}</td>
                    <td className="min-w-64 py-2 pr-4 text-xs break-all">{row.provider_payment_id ?? "—"}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatIndiaDateTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      <p className="text-sm">
        <Link to={paths.admin.support({ type: "add_funds" })} className="text-brand-700 underline">
          Bank-transfer requests
        </Link>{" "}
        are under Support.
      </p>
    </div>
  );
}

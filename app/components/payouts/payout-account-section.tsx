import { Form } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { ErrorList } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/status-button";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { errorsOf, formErrorsOf, submittedValue, type LastResult } from "~/lib/submission-result";
import type { PayoutAccountPosition } from "~/domain/payouts/payout-funding.server";

const rupees = (value: string) => formatRupees(value, { paise: "always" });

/**
 * The payout provider's account (ADR 0073): what it paid to investors' banks, what banks
 * returned, what escrow transferred to it, and the difference; and the form that books a transfer.
 */
export function PayoutAccountSection({ account, result }: { account: PayoutAccountPosition; result: LastResult }) {
  // Signs read off the exact figure, no float: "-500.00" is prefunded, "0.00" is settled.
  const prefunded = account.toFund.startsWith("-");
  const owed = !prefunded && account.toFund !== "0.00";
  const formErrors = formErrorsOf(result, "intent");
  return (
    <section aria-labelledby="payout-account-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="payout-account-heading" className="text-lg font-semibold">
        Payout account
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-testid="payout-account">
        <div>
          <dt className="text-slate-600">Paid to banks</dt>
          <dd className="font-medium">{rupees(account.paidOut)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Returned by banks</dt>
          <dd className="font-medium">{rupees(account.returned)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Funded from escrow</dt>
          <dd className="font-medium">{rupees(account.funded)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{prefunded ? "Prefunded" : "To fund from escrow"}</dt>
          <dd className="font-medium">{rupees(prefunded ? account.toFund.slice(1) : account.toFund)}</dd>
        </div>
      </dl>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-4 sm:items-end" noValidate>
        <input type="hidden" name="intent" value="fund" />
        <Field
          label="Amount transferred (₹)"
          errors={errorsOf(result, "amount")}
          inputProps={{
            name: "amount",
            inputMode: "decimal",
            required: true,
            defaultValue: submittedValue(result, "amount") ?? (owed ? account.toFund : ""),
          }}
        />
        <Field
          label="UTR"
          errors={errorsOf(result, "utr")}
          inputProps={{ name: "utr", required: true, autoComplete: "off", defaultValue: submittedValue(result, "utr") }}
        />
        <Field
          label="Date of transfer"
          errors={errorsOf(result, "fundedOn")}
          inputProps={{ name: "fundedOn", type: "date", required: true, defaultValue: submittedValue(result, "fundedOn") }}
        />
        <SubmitButton pendingText="Booking..." className="w-full sm:w-auto">
          Book Transfer
        </SubmitButton>
      </Form>
      <ErrorList errors={formErrors} />
      {account.fundings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No transfer to the payout account has been booked yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Transfers to the payout account">
          {account.fundings.map((funding) => (
            <li key={funding.id} className="py-1">
              {`${formatIndiaDate(funding.fundedOn)}: ${rupees(funding.amount)} · UTR ${funding.utr}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

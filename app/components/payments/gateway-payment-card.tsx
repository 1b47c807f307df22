import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import type { CheckoutForm } from "~/services/payments/gateway";
import { formatRupees } from "~/lib/formats";

export type PaymentStateView = { label: string; tone: string; next: string };

/**
 * One payment through the gateway (a wallet deposit or Premium): its state, its facts, the
 * checkout form while it can still be paid (a plain form post to the provider's page), and the
 * way back. Both payment pages show it, so they read alike.
 */
export function GatewayPaymentCard({
  payment,
  state,
  facts,
  checkout,
  standIn,
  refreshHref,
  back,
}: {
  payment: { amount: string; status: string; failureReason: string | null };
  state: PaymentStateView;
  facts: [string, string][];
  checkout: CheckoutForm | null;
  standIn: boolean;
  refreshHref: string;
  back: { href: string; label: string };
}) {
  return (
    <section aria-labelledby="payment-state" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p
        id="payment-state"
        className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${state.tone}`}
        data-testid="payment-state"
      >
        {state.label}
      </p>
      <p className="mt-2 text-sm text-slate-700">{state.next}</p>
      {payment.failureReason && payment.status === "failed" ? <p className="mt-1 text-sm text-slate-600">{payment.failureReason}</p> : null}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium break-all text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        {checkout ? (
          <form method="post" action={checkout.action}>
            {Object.entries(checkout.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={buttonClasses("primary", "md")}>
              {payment.status === "failed" ? "Try Again" : "Pay"} {formatRupees(payment.amount, { paise: "always" })} by UPI or Net Banking
            </button>
          </form>
        ) : null}
        {payment.status === "pending" || payment.status === "created" ? (
          <Link to={refreshHref} className={buttonClasses("secondary", "md")}>
            Refresh
          </Link>
        ) : null}
        <Link to={back.href} className={buttonClasses("secondary", "md")}>
          {back.label}
        </Link>
      </div>
      {standIn && checkout ? (
        <p className="mt-3 text-xs text-slate-500">Demo: payments go to a stand-in for the payment gateway; no real money moves.</p>
      ) : null}
    </section>
  );
}

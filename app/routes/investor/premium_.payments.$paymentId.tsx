import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { premiumPaymentState } from "~/components/premium/premium-payment-states";
import { formatIndiaDate, formatIndiaDateTime, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { loadPremiumPayment } from "~/web/premium.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = (await enforceRouteTableGuard(request, paths.premium.payment.pattern))!;
  return loadPremiumPayment(user, params.paymentId ?? "");
}

/** One payment for Premium: its state, its references, the way to the checkout while it can be paid. */
export default function PremiumPaymentPage() {
  const { payment, period, checkout, standIn } = useLoaderData<typeof loader>();
  const state = premiumPaymentState(payment.status);
  const facts: [string, string][] = [
    ["Amount (GST included)", formatRupees(payment.amount, { paise: "always" })],
    ["Created", formatIndiaDateTime(payment.createdAt)],
    ...(payment.paidAt ? ([["Paid", formatIndiaDateTime(payment.paidAt)]] as [string, string][]) : []),
    ...(period?.endsAt
      ? ([["Premium period", `${formatIndiaDate(period.startsAt)} to ${formatIndiaDate(period.endsAt)}`]] as [string, string][])
      : []),
    ...(payment.providerOrderId ? ([["Gateway order", payment.providerOrderId]] as [string, string][]) : []),
    ...(payment.providerPaymentId ? ([["Gateway payment", payment.providerPaymentId]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Premium payment</h1>
      <section aria-labelledby="payment-state" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p
          id="payment-state"
          className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${state.tone}`}
          data-testid="payment-state"
        >
          {state.label}
        </p>
        <p className="mt-2 text-sm text-slate-700">{state.next}</p>
        {payment.failureReason && payment.status === "failed" ? (
          <p className="mt-1 text-sm text-slate-600">{payment.failureReason}</p>
        ) : null}
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
                {payment.status === "failed" ? "Try Again" : "Pay"} {formatRupees(payment.amount, { paise: "always" })} by UPI or Net
                Banking
              </button>
            </form>
          ) : null}
          {payment.status === "pending" || payment.status === "created" ? (
            <Link to={paths.premium.payment(payment.id)} className={buttonClasses("secondary", "md")}>
              Refresh
            </Link>
          ) : null}
          <Link to={paths.premium.page()} className={buttonClasses("secondary", "md")}>
            Back to Premium
          </Link>
        </div>
        {standIn && checkout ? (
          <p className="mt-3 text-xs text-slate-500">Demo: payments go to a stand-in for the payment gateway; no real money moves.</p>
        ) : null}
      </section>
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GatewayPaymentCard } from "~/components/payments/gateway-payment-card";
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
      <GatewayPaymentCard
        payment={payment}
        state={state}
        facts={facts}
        checkout={checkout}
        standIn={standIn}
        refreshHref={paths.premium.payment(payment.id)}
        back={{ href: paths.premium.page(), label: "Back to Premium" }}
      />
    </div>
  );
}

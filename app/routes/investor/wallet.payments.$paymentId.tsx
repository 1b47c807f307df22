import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GatewayPaymentCard } from "~/components/payments/gateway-payment-card";
import { paymentState } from "~/components/wallet/payment-states";
import { DEPOSIT_PROCESSING_FEE, depositCredit } from "~/domain/wallet/fund-request-rules";
import { formatIndiaDateTime, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { requireUserWithinTrial } from "~/web/guards.server";
import { walletPathFor } from "~/web/payments.server";
import { loadWalletPayment } from "~/web/payments.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  return loadWalletPayment(user, params.paymentId ?? "", walletPathFor(user));
}

/** One payment into the wallet through the gateway: its state, its references, and the way to pay while it can be paid. */
export default function WalletPaymentPage() {
  const { payment, checkout, standIn, walletPath } = useLoaderData<typeof loader>();
  const state = paymentState(payment.status);
  const net = depositCredit(payment.amount).toFixed(2);
  const facts: [string, string][] = [
    ["Amount", formatRupees(payment.amount, { paise: "always" })],
    ["Processing fee", formatRupees(DEPOSIT_PROCESSING_FEE, { paise: "always" })],
    ["Added to your wallet", formatRupees(net, { paise: "always" })],
    ["Created", formatIndiaDateTime(payment.createdAt)],
    ...(payment.creditedAt ? ([["Credited", formatIndiaDateTime(payment.creditedAt)]] as [string, string][]) : []),
    ...(payment.providerOrderId ? ([["Gateway order", payment.providerOrderId]] as [string, string][]) : []),
    ...(payment.providerPaymentId ? ([["Gateway payment", payment.providerPaymentId]] as [string, string][]) : []),
  ];
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Payment</h1>
      <GatewayPaymentCard
        payment={payment}
        state={state}
        facts={facts}
        checkout={checkout}
        standIn={standIn}
        refreshHref={paths.payments.walletPayment(payment.id)}
        back={{ href: walletPath, label: "Back to Wallet" }}
      />
    </div>
  );
}

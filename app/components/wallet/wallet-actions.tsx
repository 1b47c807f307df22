import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/status-button";
import { paths } from "~/lib/paths";
import { canRequestWithdrawal } from "./wallet-model";

/**
 * Add Funds and Withdraw as a GET form: each button opens its request dialog through
 * ?request=…. Without JavaScript that is a page load; with it, Remix's Form makes it a
 * navigation in the page, so the page stays the hydrated one (a plain <form> reloaded it, and
 * a submit typed into the reloaded dialog before its scripts ran went out as a plain post).
 */
export function WalletActions({
  available,
  walletPath = paths.dashboard.wallet(),
  payOnline = false,
}: {
  available: string;
  walletPath?: string;
  /** Offer paying through the gateway (UPI or net banking), when it is on. */
  payOnline?: boolean;
}) {
  const withdrawable = canRequestWithdrawal(available);
  return (
    <Form method="get" action={walletPath} className="flex flex-wrap gap-2">
      <StatusButton type="submit" name="request" value="add-funds">
        Add Funds
      </StatusButton>
      {payOnline ? (
        <StatusButton type="submit" name="request" value="pay-online" variant="secondary">
          Pay by UPI / Net Banking
        </StatusButton>
      ) : null}
      <StatusButton
        type="submit"
        name="request"
        value="withdraw"
        variant="secondary"
        disabled={!withdrawable}
        aria-describedby={withdrawable ? undefined : "withdraw-unavailable"}
      >
        Withdraw
      </StatusButton>
      {withdrawable ? null : (
        <p id="withdraw-unavailable" className="w-full text-sm text-slate-600">
          There is nothing to withdraw while your balance is ₹0.
        </p>
      )}
    </Form>
  );
}

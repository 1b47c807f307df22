import { StatusButton } from "~/components/ui/status-button";
import { paths } from "~/lib/paths";
import { canRequestWithdrawal } from "./wallet-model";

/**
 * Add Funds and Withdraw as a plain GET form: each button opens its request dialog
 * through ?request=…, with or without JavaScript.
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
    <form method="get" action={walletPath} className="flex flex-wrap gap-2">
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
    </form>
  );
}

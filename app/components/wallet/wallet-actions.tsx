import { StatusButton } from "~/components/ui/status-button";
import { paths } from "~/lib/paths";
import { canRequestWithdrawal } from "./wallet-model";

/**
 * Add Funds and Withdraw as a plain GET form: each button opens its request dialog
 * through ?request=…, with or without JavaScript.
 */
export function WalletActions({ available, walletPath = paths.dashboard.wallet() }: { available: string; walletPath?: string }) {
  const withdrawable = canRequestWithdrawal(available);
  return (
    <form method="get" action={walletPath} className="flex flex-wrap gap-2">
      <StatusButton type="submit" name="request" value="add-funds">
        Add Funds
      </StatusButton>
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

import { buttonClasses } from "~/components/ui/button-styles";
import { canRequestWithdrawal } from "./wallet-model";

/**
 * Add Funds and Withdraw as a plain GET form: each button opens the request notice
 * through ?request=…, with or without JavaScript.
 */
export function WalletActions({ available }: { available: string }) {
  const withdrawable = canRequestWithdrawal(available);
  return (
    <form method="get" action="/dashboard/wallet" className="flex flex-wrap gap-2">
      <button type="submit" name="request" value="add-funds" className={buttonClasses("primary", "md")}>
        Add Funds
      </button>
      <button
        type="submit"
        name="request"
        value="withdraw"
        disabled={!withdrawable}
        aria-describedby={withdrawable ? undefined : "withdraw-unavailable"}
        className={buttonClasses("secondary", "md")}
      >
        Withdraw
      </button>
      {withdrawable ? null : (
        <p id="withdraw-unavailable" className="w-full text-sm text-slate-600">
          There is nothing to withdraw while your balance is ₹0.
        </p>
      )}
    </form>
  );
}

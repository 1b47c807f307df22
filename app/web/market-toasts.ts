import { formatRupees, formatShares } from "~/lib/formats";
import { Decimal } from "~/lib/money";
import type { Toast } from "~/lib/toast";

type SuccessToast = Pick<Toast, "kind" | "title" | "description">;

// Rupees in toasts show paise only when there are any (₹1,25,000, ₹1,25,000.50).

export function sellRequestCreatedToast(order: { shares: number; propertyTitle: string; pricePerShare: Decimal.Value }): SuccessToast {
  return {
    kind: "success",
    title: "Sell Order Created",
    description: `${formatShares(order.shares)} of ${order.propertyTitle} listed at ${formatRupees(order.pricePerShare, { paise: "if-any" })} per share for 30 days.`,
  };
}

/** Buy Now with the flag on: the fill is a reservation an admin settles (ADR 0076). */
export function sharesReservedToast(bought: { amount: Decimal.Value; shares: number }): SuccessToast {
  return {
    kind: "success",
    title: "Shares Reserved",
    description: `${formatShares(bought.shares)} reserved for you: ${formatRupees(bought.amount, { paise: "if-any" })} is held until an admin settles the trade.`,
  };
}

export function purchaseCompleteToast(trade: { shares: number }): SuccessToast {
  return {
    kind: "success",
    title: "Purchase Complete!",
    description: `Successfully purchased ${formatShares(trade.shares)}. Shares added to your portfolio.`,
  };
}

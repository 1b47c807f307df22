import { formatCount } from "~/lib/formats";
import { Decimal, formatINR } from "~/lib/money";
import type { Toast } from "~/lib/toast";

type SuccessToast = Pick<Toast, "kind" | "title" | "description">;

// Rupees in toasts are grouped the Indian way (₹1,25,000.50), paise only when there are any.
const rupees = (amount: Decimal.Value) => formatINR(amount, { paise: !new Decimal(amount).isInteger() });
const shares = (count: number) => `${formatCount(count)} ${count === 1 ? "share" : "shares"}`;

export function sellRequestCreatedToast(order: { shares: number; propertyTitle: string; pricePerShare: Decimal.Value }): SuccessToast {
  return {
    kind: "success",
    title: "Sell Order Created",
    description: `${shares(order.shares)} of ${order.propertyTitle} listed at ${rupees(order.pricePerShare)} per share for 30 days.`,
  };
}

export function holdCreatedToast(hold: { amount: Decimal.Value; shares: number }): SuccessToast {
  return {
    kind: "success",
    title: "Hold Created",
    description: `${rupees(hold.amount)} is held for ${shares(hold.shares)} for 60 minutes. Confirm the hold; once the seller confirms too, an admin settles the trade.`,
  };
}

export function purchaseCompleteToast(trade: { shares: number }): SuccessToast {
  return {
    kind: "success",
    title: "Purchase Complete!",
    description: `Successfully purchased ${shares(trade.shares)}. Shares added to your portfolio.`,
  };
}

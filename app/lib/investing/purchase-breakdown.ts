import { Decimal, toRupees } from "~/lib/money";
import { PLATFORM_FEE_RATE } from "./constants";

export type PurchaseBreakdown = {
  /** shares × share price: what buys the shares, and what min/max investment apply to. */
  subtotal: Decimal;
  /** 2% of the subtotal, rounded half-up to paise, charged on top (ADR 0003). */
  fee: Decimal;
  /** subtotal + fee: what leaves the wallet. */
  total: Decimal;
  /** wallet balance − total; negative means the wallet cannot pay. */
  remainingBalance: Decimal;
};

export type PurchaseBreakdownStrings = { [K in keyof PurchaseBreakdown]: string };

export function platformFeeFor(subtotal: Decimal.Value): Decimal {
  return toRupees(new Decimal(subtotal).times(PLATFORM_FEE_RATE));
}

/** The buy calculator: every amount exact in paise, never through floats. */
export function calculatePurchaseBreakdown(input: {
  shares: number;
  sharePrice: Decimal.Value;
  walletBalance: Decimal.Value;
}): PurchaseBreakdown {
  const shares = Number.isSafeInteger(input.shares) && input.shares > 0 ? input.shares : 0;
  const subtotal = toRupees(new Decimal(input.sharePrice).times(shares));
  const fee = platformFeeFor(subtotal);
  const total = subtotal.plus(fee);
  return { subtotal, fee, total, remainingBalance: new Decimal(input.walletBalance).minus(total) };
}

/** The same breakdown as fixed-2 strings, safe to send through a loader or action. */
export function breakdownToStrings(breakdown: PurchaseBreakdown): PurchaseBreakdownStrings {
  return {
    subtotal: breakdown.subtotal.toFixed(2),
    fee: breakdown.fee.toFixed(2),
    total: breakdown.total.toFixed(2),
    remainingBalance: breakdown.remainingBalance.toFixed(2),
  };
}

import { Decimal, formatINR } from "~/lib/money";
import { calculatePurchaseBreakdown, type PurchaseBreakdown } from "./purchase-breakdown";
import { isWholeShareCount } from "./share-input";

export type PurchaseRules = {
  sharePrice: Decimal.Value;
  minimumInvestment: Decimal.Value;
  /** null when the property sets no maximum. */
  maximumInvestment: Decimal.Value | null;
  availableShares: number;
  walletBalance: Decimal.Value;
};

export type PurchaseProblemCode = "invalid_shares" | "below_minimum" | "above_maximum" | "insufficient_balance" | "exceeds_available";

export type PurchaseCheck =
  { ok: true; breakdown: PurchaseBreakdown } | { ok: false; code: PurchaseProblemCode; message: string; breakdown: PurchaseBreakdown };

export const INVALID_SHARES_MESSAGE = "Please enter a valid number of shares";
export const INSUFFICIENT_BALANCE_MESSAGE = "You don't have enough balance in your wallet";
export const minimumInvestmentMessage = (amount: Decimal.Value) => `Minimum investment is ${formatINR(amount)}`;
export const maximumInvestmentMessage = (amount: Decimal.Value) => `Maximum investment is ${formatINR(amount)}`;
export const availableSharesMessage = (available: number) => `Only ${available} shares are available`;

/**
 * The investment page's rules, in the spec's order; the first one broken is reported,
 * so the message shown for a given input never depends on anything else.
 * Minimum and maximum apply to the subtotal (the shares); the wallet must cover the
 * total actually debited, fee included (ADR 0003).
 */
export function validatePurchase(shares: number, rules: PurchaseRules): PurchaseCheck {
  const breakdown = calculatePurchaseBreakdown({
    shares: isWholeShareCount(shares) ? shares : 0,
    sharePrice: rules.sharePrice,
    walletBalance: rules.walletBalance,
  });
  const fail = (code: PurchaseProblemCode, message: string): PurchaseCheck => ({ ok: false, code, message, breakdown });

  if (!isWholeShareCount(shares)) return fail("invalid_shares", INVALID_SHARES_MESSAGE);
  if (breakdown.subtotal.lt(rules.minimumInvestment)) {
    return fail("below_minimum", minimumInvestmentMessage(rules.minimumInvestment));
  }
  if (rules.maximumInvestment !== null && breakdown.subtotal.gt(rules.maximumInvestment)) {
    return fail("above_maximum", maximumInvestmentMessage(rules.maximumInvestment));
  }
  if (breakdown.remainingBalance.isNegative()) return fail("insufficient_balance", INSUFFICIENT_BALANCE_MESSAGE);
  if (shares > rules.availableShares) return fail("exceeds_available", availableSharesMessage(rules.availableShares));
  return { ok: true, breakdown };
}

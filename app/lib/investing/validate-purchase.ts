import { formatCount } from "~/lib/formats";
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
export const availableSharesMessage = (available: number) => `Only ${formatCount(available)} shares are available`;

export type AmountRules = Pick<PurchaseRules, "sharePrice" | "minimumInvestment" | "maximumInvestment">;

/**
 * The investment page's rules, in the spec's order; the first one broken is reported,
 * so the message shown for a given input never depends on anything else.
 * Minimum and maximum apply to the subtotal (the shares); the wallet must cover the
 * total actually debited, fee included (ADR 0003).
 */
export function validatePurchase(shares: number, rules: PurchaseRules): PurchaseCheck {
  const amount = checkAmount(shares, rules, rules.walletBalance);
  if (!amount.ok) return amount;
  const { breakdown } = amount;
  if (breakdown.remainingBalance.isNegative())
    return { ok: false, code: "insufficient_balance", message: INSUFFICIENT_BALANCE_MESSAGE, breakdown };
  if (shares > rules.availableShares) {
    return { ok: false, code: "exceeds_available", message: availableSharesMessage(rules.availableShares), breakdown };
  }
  return amount;
}

/**
 * Only the rules about the amount itself (whole shares, the property's minimum and maximum),
 * the first three of validatePurchase: what a purchase can decide from the property's terms
 * alone, leaving the wallet and the shares left to PostgreSQL (ADR 0026).
 */
export function validatePurchaseAmount(shares: number, rules: AmountRules): PurchaseCheck {
  return checkAmount(shares, rules, 0);
}

function checkAmount(shares: number, rules: AmountRules, walletBalance: Decimal.Value): PurchaseCheck {
  const breakdown = calculatePurchaseBreakdown({
    shares: isWholeShareCount(shares) ? shares : 0,
    sharePrice: rules.sharePrice,
    walletBalance,
  });
  const fail = (code: PurchaseProblemCode, message: string): PurchaseCheck => ({ ok: false, code, message, breakdown });

  if (!isWholeShareCount(shares)) return fail("invalid_shares", INVALID_SHARES_MESSAGE);
  if (breakdown.subtotal.lt(rules.minimumInvestment)) {
    return fail("below_minimum", minimumInvestmentMessage(rules.minimumInvestment));
  }
  if (rules.maximumInvestment !== null && breakdown.subtotal.gt(rules.maximumInvestment)) {
    return fail("above_maximum", maximumInvestmentMessage(rules.maximumInvestment));
  }
  return { ok: true, breakdown };
}

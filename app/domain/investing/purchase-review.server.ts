import { resaleAvailability } from "~/domain/market/resale-rules";
import type { PropertyForInvestment } from "~/domain/properties/get-property-for-investment.server";
import { Decimal } from "~/lib/money";
import { validatePurchase } from "~/lib/investing/validate-purchase";
import type { InvestorStanding } from "~/lib/investing/invest-eligibility";
import { InsufficientBalanceError, InvalidPurchaseError, PropertyNotOpenError } from "./purchase-errors.server";
import { assertMayPurchase } from "./purchase-shares.server";

/** What the review step shows: the server's amounts for exactly this quantity. */
export type PurchaseReviewData = {
  propertyTitle: string;
  shares: number;
  sharePrice: string;
  subtotal: string;
  fee: string;
  total: string;
  walletBefore: string;
  walletAfter: string;
  idempotencyKey: string;
  /** Whether resale is open for this property now, and when it usually opens. */
  resale: string;
};

/** Before any rule about the amount: may this investor spend, and does this property take money now. */
export function assertMaySpendOn(standing: InvestorStanding, property: { status: string }): void {
  assertMayPurchase(standing);
  if (property.status !== "open") throw new PropertyNotOpenError();
}

/** The rules the buy box checks as the investor types, as the page sends them. */
export function purchaseRulesOf(view: Pick<PropertyForInvestment, "property" | "wallet">) {
  return {
    sharePrice: view.property.sharePrice,
    minimumInvestment: view.property.minimumInvestment,
    maximumInvestment: view.property.maximumInvestment,
    availableShares: view.property.availableShares,
    walletBalance: view.wallet?.availableBalance ?? "0.00",
  };
}

/** The smallest order that meets the minimum investment, as the field's starting value. */
export function startingShares(property: Pick<PropertyForInvestment["property"], "sharePrice" | "minimumInvestment">): string {
  const price = new Decimal(property.sharePrice);
  if (price.lte(0)) return "1";
  return Decimal.max(1, new Decimal(property.minimumInvestment).div(price).ceil()).toFixed(0);
}

/**
 * The figures of a purchase of `shares` on this page's terms, or the first rule it breaks as
 * a domain error. A wallet short of the total is the spec's 'Insufficient Balance' when the
 * investor is about to spend (review or confirm); while they only calculate, it is a message
 * on the shares field like any other rule.
 */
export function getPurchaseReview(
  view: Pick<PropertyForInvestment, "property" | "wallet">,
  input: { shares: number; idempotencyKey: string; spending: boolean },
): PurchaseReviewData {
  const rules = purchaseRulesOf(view);
  const check = validatePurchase(input.shares, rules);
  if (!check.ok) {
    if (input.spending && check.code === "insufficient_balance") throw new InsufficientBalanceError();
    throw new InvalidPurchaseError(check.code, check.message);
  }
  const { property } = view;
  return {
    propertyTitle: property.title,
    shares: input.shares,
    sharePrice: property.sharePrice,
    subtotal: check.breakdown.subtotal.toFixed(2),
    fee: check.breakdown.fee.toFixed(2),
    total: check.breakdown.total.toFixed(2),
    walletBefore: rules.walletBalance,
    walletAfter: check.breakdown.remainingBalance.toFixed(2),
    idempotencyKey: input.idempotencyKey,
    resale: resaleAvailability({ sharesSellable: property.sharesSellable, propertyStatus: property.status }).text,
  };
}

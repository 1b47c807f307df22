import { calculatePurchaseBreakdown } from "../../app/lib/investing/purchase-breakdown";

/**
 * What the review of `shares` at `sharePrice` shows on its Confirm button, fee included: the
 * `reviewedTotal` a confirm form carries, for tests that post a purchase without the review page.
 */
export function reviewedTotal(shares: number | string, sharePrice: string): string {
  return calculatePurchaseBreakdown({ shares: Number(shares), sharePrice, walletBalance: 0 }).total.toFixed(2);
}

import type { Decimal } from "~/lib/money";

/** The Invest button is off while a purchase is in flight, for an empty order, or when the wallet would go negative. */
export function isInvestButtonDisabled(state: { processing: boolean; total: Decimal; remainingBalance: Decimal }): boolean {
  return state.processing || state.total.lte(0) || state.remainingBalance.isNegative();
}

import type { Db } from "~/services/db.server";
import type { PositionHistoryRow } from "~/lib/portfolio/position-history";
import { loadInvestorHoldings } from "~/domain/figures/investor-figures.server";
import { VALUATION_RULE, valuationBasis } from "~/domain/figures/valuation.server";

export type PropertyPosition = {
  propertyId: string;
  title: string;
  sharesOwned: number;
  /** What the shares held cost, acquisition fees included. */
  totalInvestment: string;
  averagePrice: string;
  /** The valuation price (the latest NAV per share, else the last settled resale, else the issue price). */
  currentPrice: string;
  valuationRule: string;
  currentValue: string;
  /** Unrealised: current value − total investment. */
  profitLoss: string;
  realisedProfit: string;
  distributions: string;
  totalReturn: string;
  sharesSellable: boolean;
  history: PositionHistoryRow[];
};

/**
 * One property as the investor holds it, every figure from the same holdings computation the
 * overview reads (ADR 0046). Null when the property does not exist or the investor never held it.
 */
export async function getPropertyPosition(db: Db, userId: string, propertyId: string): Promise<PropertyPosition | null> {
  const position = await db.userPropertyPosition.findUnique({
    where: { userId_propertyId: { userId, propertyId } },
    select: { property: { select: { id: true, title: true, sharesSellable: true } } },
  });
  if (!position) return null;
  const [holding] = await loadInvestorHoldings(db, userId, propertyId);
  return {
    propertyId: position.property.id,
    title: position.property.title,
    sharesOwned: holding?.shares ?? 0,
    totalInvestment: holding?.invested ?? "0.00",
    averagePrice: holding?.averagePrice ?? "0.00",
    currentPrice: holding?.valuationPrice ?? "0.00",
    // The general rule, then which price this property's shares are at now.
    valuationRule: `${VALUATION_RULE} This property's shares are at ${valuationBasis({
      source: holding?.valuationSource ?? "issue_price",
      asOf: holding?.valuationAsOf ?? null,
    })}.`,
    currentValue: holding?.currentValue ?? "0.00",
    profitLoss: holding?.unrealised ?? "0.00",
    realisedProfit: holding?.realised ?? "0.00",
    distributions: holding?.distributions ?? "0.00",
    totalReturn: holding?.totalReturn ?? "0.00",
    sharesSellable: position.property.sharesSellable,
    history: holding?.history ?? [],
  };
}

import type { Db } from "~/services/db.server";
import { positionHistory, type PositionHistoryRow, type PositionTrade } from "~/lib/portfolio/position-history";
import { Decimal } from "~/lib/money";

export type PropertyPosition = {
  propertyId: string;
  title: string;
  sharesOwned: number;
  totalInvestment: string;
  averagePrice: string;
  currentPrice: string;
  currentValue: string;
  profitLoss: string;
  realisedProfit: string;
  sharesSellable: boolean;
  history: PositionHistoryRow[];
};

/**
 * One property as the investor holds it, from the same position snapshot the overview and the
 * sidebar read, with its trades replayed for the running average. Null when the property does
 * not exist or the investor never held it.
 */
export async function getPropertyPosition(db: Db, userId: string, propertyId: string): Promise<PropertyPosition | null> {
  const position = await db.userPropertyPosition.findUnique({
    where: { userId_propertyId: { userId, propertyId } },
    select: {
      shares: true,
      avgPrice: true,
      costBasis: true,
      realisedProfit: true,
      property: { select: { id: true, title: true, sharePrice: true, sharesSellable: true } },
    },
  });
  if (!position) return null;
  const trades = await db.transaction.findMany({
    where: { userId, propertyId, status: "completed", transactionType: { in: ["investment", "share_purchase", "share_sale"] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, transactionType: true, shares: true, amount: true, createdAt: true },
  });
  const history = positionHistory(
    trades.map((row): PositionTrade => ({
      id: row.id,
      kind: row.transactionType === "share_sale" ? "sell" : "buy",
      shares: row.shares ?? 0,
      amount: row.amount,
      date: row.createdAt.toISOString(),
    })),
  );
  const currentValue = position.property.sharePrice.times(position.shares);
  const realised = history.reduce((sum, row) => (row.realisedProfit ? sum.plus(row.realisedProfit) : sum), new Decimal(0));
  return {
    propertyId: position.property.id,
    title: position.property.title,
    sharesOwned: position.shares,
    totalInvestment: position.costBasis.toFixed(2),
    averagePrice: position.avgPrice.toFixed(2),
    currentPrice: position.property.sharePrice.toFixed(2),
    currentValue: currentValue.toFixed(2),
    profitLoss: currentValue.minus(position.costBasis).toFixed(2),
    realisedProfit: realised.toFixed(2),
    sharesSellable: position.property.sharesSellable,
    history,
  };
}

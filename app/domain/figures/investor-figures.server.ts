import type { Db } from "~/services/db.server";
import { holdingFigures, portfolioFigures, type HoldingFigures, type PortfolioFigures } from "./holding-figures";
import { valuationPrices, type Valuation } from "./valuation.server";
import { walletEffect } from "./wallet-effect";

const SELLS: ReadonlySet<string> = new Set(["share_sale", "transmission_out", "exit_payout"]);

export type InvestorHolding = HoldingFigures & { valuationSource: Valuation["source"]; valuationAsOf: Valuation["asOf"] };

/**
 * Every holding of an investor (or one property's), from the investor's completed trades and
 * dividends, valued by valuationPrices: the one source of invested, value, realised gains,
 * distributions and returns on the overview, the position pages and the admin pages.
 */
export async function loadInvestorHoldings(db: Db, userId: string, propertyId?: string): Promise<InvestorHolding[]> {
  const rows = await db.transaction.findMany({
    where: {
      userId,
      status: "completed",
      transactionType: {
        in: ["investment", "share_purchase", "share_sale", "dividend", "transmission_in", "transmission_out", "exit_payout"],
      },
      ...(propertyId ? { propertyId } : { propertyId: { not: null } }),
    },
    select: { id: true, propertyId: true, transactionType: true, shares: true, amount: true, fee: true, createdAt: true },
  });
  const trades = rows
    .filter((row) => row.transactionType !== "dividend" && row.shares)
    .map((row) => ({
      id: row.id,
      propertyId: row.propertyId!,
      // A transmission moves shares at the deceased's average cost (ADR 0066): out like a sale, in like a purchase.
      // An exit pay-out (ADR 0071) disposes of the shares at the sale's price per share.
      kind: SELLS.has(row.transactionType) ? ("sell" as const) : ("buy" as const),
      shares: row.shares!,
      amount: row.amount,
      fee: row.fee,
      at: row.createdAt.toISOString(),
    }));
  const dividends = rows
    .filter((row) => row.transactionType === "dividend")
    .map((row) => ({ propertyId: row.propertyId!, amount: walletEffect({ type: "dividend", amount: row.amount, fee: row.fee }) }));
  const prices = await valuationPrices(db, [...new Set(rows.map((row) => row.propertyId!))]);
  const priceOf = new Map([...prices].map(([id, valuation]) => [id, valuation.price]));
  return holdingFigures(trades, dividends, priceOf).map((holding) => ({
    ...holding,
    valuationSource: prices.get(holding.propertyId)?.source ?? "issue_price",
    valuationAsOf: prices.get(holding.propertyId)?.asOf ?? null,
  }));
}

/** The investor's portfolio totals (overview tiles, admin user page). */
export async function loadPortfolioFigures(db: Db, userId: string): Promise<PortfolioFigures> {
  return portfolioFigures(await loadInvestorHoldings(db, userId));
}

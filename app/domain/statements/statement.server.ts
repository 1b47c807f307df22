import type { Db } from "~/services/db.server";
import { walletEffect } from "~/domain/figures/wallet-effect";
import { valuationBasis, valuationPrices } from "~/domain/figures/valuation.server";
import {
  buildStatement,
  financialYearBounds,
  type DistributionReceived,
  type Movement,
  type StatementFigures,
  type TradeRow,
} from "./statement-figures";

const KIND_LABELS: Record<string, string> = {
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  withdrawal_hold: "Withdrawal",
  investment: "Share purchase",
  buyer_hold: "Resale",
  settlement: "Resale",
  void: "Released",
  fee: "Fee",
  refund: "Refund",
  distribution: "Rent distribution",
  adjustment: "Adjustment",
  reversal: "Reversal",
  exit_payout: "Property sale",
};

/**
 * An investor's statement for the financial year starting April `startYear`, read from the
 * ledger (wallet balances and every movement: the net of each journal over the investor's
 * available and held accounts) and the trade history (holdings and capital gains). The one
 * source of the statements page, the account statement PDF, the holdings CSV and the capital-gains PDF and CSV (ADR 0036).
 */
export async function loadStatement(db: Db, userId: string, startYear: number): Promise<StatementFigures | null> {
  const profile = await db.userProfile.findUnique({ where: { id: userId }, select: { fullName: true, email: true, stateCode: true } });
  if (!profile) return null;
  const { start, end } = financialYearBounds(startYear);
  const [opening, journals, trades, dividends, fees] = await Promise.all([
    db.$queryRaw<{ balance: string }[]>`
      SELECT COALESCE(SUM(p.amount), 0)::text AS balance
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.user_id = ${userId}::uuid AND a.kind IN ('user_available', 'user_held') AND p.created_at < ${start}`,
    db.$queryRaw<{ at: Date; kind: string; description: string; amount: string }[]>`
      SELECT j.created_at AS at, j.kind::text AS kind, j.description, SUM(p.amount)::text AS amount
        FROM ledger_journals j
        JOIN ledger_postings p ON p.journal_id = j.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.user_id = ${userId}::uuid AND a.kind IN ('user_available', 'user_held')
         AND j.created_at >= ${start} AND j.created_at < ${end}
       GROUP BY j.id, j.created_at, j.kind, j.description
      HAVING SUM(p.amount) <> 0
       ORDER BY j.created_at, j.id`,
    db.transaction.findMany({
      where: {
        userId,
        status: "completed",
        transactionType: { in: ["investment", "share_purchase", "share_sale", "exit_payout"] },
        createdAt: { lt: end },
        propertyId: { not: null },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        propertyId: true,
        transactionType: true,
        shares: true,
        amount: true,
        fee: true,
        createdAt: true,
        property: { select: { title: true } },
      },
    }),
    db.transaction.findMany({
      where: { userId, status: "completed", transactionType: "dividend", createdAt: { gte: start, lt: end } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { shares: true, amount: true, fee: true, createdAt: true, property: { select: { title: true } } },
    }),
    db.transaction.findMany({
      where: { userId, status: "completed", fee: { gt: 0 }, createdAt: { gte: start, lt: end } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { fee: true },
    }),
  ]);
  const movements: Movement[] = journals.map((j) => ({
    at: j.at.toISOString(),
    kind: KIND_LABELS[j.kind] ?? j.kind,
    description: j.description,
    amount: j.amount,
  }));
  const tradeRows: TradeRow[] = trades
    .filter((t) => t.shares && t.propertyId)
    .map((t) => ({
      id: t.id,
      propertyId: t.propertyId!,
      propertyTitle: t.property?.title ?? "",
      // An exit pay-out (ADR 0071) is a disposal at the sale's price per share.
      kind: t.transactionType === "share_sale" || t.transactionType === "exit_payout" ? "sell" : "buy",
      shares: t.shares!,
      amount: t.amount.toFixed(2),
      fee: t.fee.toFixed(2),
      at: t.createdAt.toISOString(),
    }));
  // Holdings are valued by the one rule the position page and the overview use (ADR 0069), at today's price.
  const valuations = await valuationPrices(db, [...new Set(tradeRows.map((t) => t.propertyId))]);
  const prices = new Map([...valuations].map(([id, v]) => [id, { price: v.price, basis: valuationBasis(v) }]));
  const distributions: DistributionReceived[] = dividends.map((d) => ({
    at: d.createdAt.toISOString(),
    propertyTitle: d.property?.title ?? "",
    shares: d.shares ?? null,
    amount: walletEffect({ type: "dividend", amount: d.amount, fee: d.fee }).toFixed(2),
  }));
  return buildStatement({
    startYear,
    investor: { name: profile.fullName ?? profile.email, email: profile.email, stateCode: profile.stateCode },
    platformFees: fees.map((row) => row.fee.toFixed(2)),
    openingBalance: opening[0]?.balance ?? "0",
    movements,
    trades: tradeRows,
    distributions,
    prices,
  });
}

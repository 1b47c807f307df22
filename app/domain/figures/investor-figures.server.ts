import { preparedQuery, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { holdingFigures, portfolioTotals, type HoldingFigures, type PortfolioFigures } from "./holding-figures";
import { valuationPrices, type Valuation } from "./valuation.server";
import { walletEffect } from "./wallet-effect";

const SELLS: ReadonlySet<string> = new Set(["share_sale", "transmission_out", "exit_payout"]);
const HOLDING_TYPES = [
  "investment",
  "share_purchase",
  "share_sale",
  "dividend",
  "transmission_in",
  "transmission_out",
  "exit_payout",
] as const;

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
      transactionType: { in: [...HOLDING_TYPES] },
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

// $1 the investor. The trades of loadInvestorHoldings with every run of purchases between two
// sales of a property summed into one (a purchase only adds to the average-cost pool, so a run
// adds exactly what its rows add one by one), and each property's dividends summed: an investor
// with thousands of purchases sends a row per property and sale instead of one per purchase.
// A property never sold is one run, summed by a plain hash aggregate: its order among the
// investor's rows cannot matter, since a pool sees only its own property's rows. Only the
// properties with a sale pay for the window that numbers their runs (37 -> 15 ms for 5,000
// purchases over 600 properties). Those rows are ordered as holdingFigures orders them (time to
// the millisecond, then id), and a run carries its last row's time and id, so it sorts where its
// rows did.
const READ_PORTFOLIO_TRADES: PreparedStatement = {
  name: "read_portfolio_trades",
  text: `
    WITH rows AS MATERIALIZED (
           SELECT id, property_id, transaction_type = ANY ($3::transaction_type[]) AS sell,
                  transaction_type = 'dividend' AS dividend, shares, amount, fee, date_trunc('milliseconds', created_at) AS at
             FROM transactions
            WHERE user_id = $1::uuid AND status = 'completed' AND property_id IS NOT NULL
              AND transaction_type = ANY ($2::transaction_type[])),
         sold AS MATERIALIZED (
           SELECT DISTINCT property_id FROM rows WHERE sell AND shares IS NOT NULL AND shares <> 0),
         trades AS (
           SELECT id::text COLLATE "C" AS id, property_id, sell, shares, amount, fee, at,
                  count(*) FILTER (WHERE sell) OVER (PARTITION BY property_id ORDER BY at, id::text COLLATE "C") AS sales_so_far
             FROM rows
            WHERE NOT dividend AND shares IS NOT NULL AND shares <> 0 AND property_id IN (SELECT property_id FROM sold))
    SELECT property_id, 'buy' AS kind, sum(shares)::int AS shares, sum(amount)::text AS amount, sum(abs(fee))::text AS fee,
           max(at) AS at, max(id::text) AS id
      FROM rows
     WHERE NOT dividend AND shares IS NOT NULL AND shares <> 0 AND property_id NOT IN (SELECT property_id FROM sold)
     GROUP BY property_id
    UNION ALL
    SELECT property_id, CASE WHEN sell THEN 'sell' ELSE 'buy' END, sum(shares)::int,
           sum(amount)::text, CASE WHEN sell THEN sum(fee) ELSE sum(abs(fee)) END::text,
           max(at), (array_agg(id ORDER BY at DESC, id DESC))[1]
      FROM trades GROUP BY property_id, sell, CASE WHEN sell THEN id ELSE sales_so_far::text END
    UNION ALL
    SELECT property_id, 'dividend', NULL, sum(abs(amount))::text, sum(abs(fee))::text, NULL, NULL
      FROM rows WHERE dividend GROUP BY property_id`,
};

type PortfolioTradeRow = {
  property_id: string;
  kind: "buy" | "sell" | "dividend";
  shares: number | null;
  amount: string;
  fee: string;
  at: Date | null;
  id: string | null;
};

/**
 * The investor's portfolio totals (the overview's tiles): the same holdingFigures over the same
 * rows as loadInvestorHoldings, with each run of purchases between sales summed in SQL first.
 * Only the totals are exact this way, so no holding's history is formatted.
 */
export async function loadPortfolioFigures(db: PrismaClient, userId: string): Promise<PortfolioFigures> {
  const rows = await preparedQuery<PortfolioTradeRow>(db, READ_PORTFOLIO_TRADES, [userId, HOLDING_TYPES, [...SELLS]]);
  const trades = rows
    .filter((row) => row.kind !== "dividend")
    .map((row) => ({
      id: row.id!,
      propertyId: row.property_id,
      kind: row.kind as "buy" | "sell",
      shares: row.shares!,
      amount: row.amount,
      fee: row.fee,
      at: new Date(row.at!).toISOString(),
    }));
  // Summed |amount| and |fee|: each dividend's effect is |amount| − |fee|, so the sums' effect is theirs added.
  const dividends = rows
    .filter((row) => row.kind === "dividend")
    .map((row) => ({ propertyId: row.property_id, amount: walletEffect({ type: "dividend", amount: row.amount, fee: row.fee }) }));
  const prices = await valuationPrices(db, [...new Set(rows.map((row) => row.property_id))]);
  const priceOf = new Map([...prices].map(([id, valuation]) => [id, valuation.price]));
  return portfolioTotals(trades, dividends, priceOf);
}

import { preparedQuery, type PreparedStatement, type Reader } from "~/services/db.server";
import { walletEffect } from "~/domain/figures/wallet-effect";
import { receiptPartyOf } from "~/domain/receipts/receipt-party.server";
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

const READ_ACCOUNT_OPENED: PreparedStatement = {
  name: "read_account_opened_at",
  text: `SELECT created_at FROM user_profiles WHERE user_id = $1::uuid`,
};

/** When the investor's account was opened (the first financial year they may ask a statement for). */
export async function accountOpenedAt(db: Reader, userId: string): Promise<Date | undefined> {
  const [row] = await preparedQuery<{ created_at: Date | string }>(db, READ_ACCOUNT_OPENED, [userId]);
  return row ? new Date(row.created_at) : undefined;
}

// A moment as JavaScript's toISOString writes it (milliseconds, truncated as a Date truncates).
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TRADE_TYPES = "('investment', 'share_purchase', 'share_sale', 'exit_payout')";

// $1 the investor, $2 the year's start.
const READ_OPENING_BALANCE: PreparedStatement = {
  name: "read_statement_opening_balance",
  text: `
    SELECT COALESCE(SUM(p.amount), 0)::text AS balance
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.user_id = $1::uuid AND a.kind IN ('user_available', 'user_held') AND p.created_at < $2::timestamptz`,
};

// The lists below come as one row holding a JSON array of rows (each row an array): pg builds
// an object per row, and for an investor with thousands of purchases in the year the rows cost
// the statements page more than its figures did (issue 32).

// $1 the investor, $2 the year's start, $3 its end: each journal's net over the investor's
// available and held accounts, in the order they were written.
const READ_MOVEMENTS: PreparedStatement = {
  name: "read_statement_movements",
  text: `
    SELECT json_agg(json_build_array(${isoText("net.created_at")}, net.kind, net.description, net.amount::text)
                    ORDER BY net.created_at, net.id) AS rows
      FROM (SELECT j.id, j.created_at, j.kind::text AS kind, j.description, SUM(p.amount) AS amount
              FROM ledger_journals j
              JOIN ledger_postings p ON p.journal_id = j.id
              JOIN ledger_accounts a ON a.id = p.account_id
             WHERE a.user_id = $1::uuid AND a.kind IN ('user_available', 'user_held')
               AND j.created_at >= $2::timestamptz AND j.created_at < $3::timestamptz
             GROUP BY j.id, j.created_at, j.kind, j.description
            HAVING SUM(p.amount) <> 0) net`,
};

// $1 the investor, $2 the year's start, $3 its end: every trade up to the year's end (the cost
// pools start at the first purchase), the year's dividends, and the titles of the properties
// either names, each title once.
const READ_TRADES: PreparedStatement = {
  name: "read_statement_trades",
  text: `
    WITH trades AS MATERIALIZED (
           SELECT t.id, t.property_id, t.transaction_type IN ('share_sale', 'exit_payout') AS sell, t.shares, t.amount, t.fee, t.created_at
             FROM transactions t
            WHERE t.user_id = $1::uuid AND t.status = 'completed' AND t.transaction_type IN ${TRADE_TYPES}
              AND t.created_at < $3::timestamptz AND t.property_id IS NOT NULL AND t.shares <> 0),
         dividends AS MATERIALIZED (
           SELECT t.id, t.property_id, t.shares, t.amount, t.fee, t.created_at
             FROM transactions t
            WHERE t.user_id = $1::uuid AND t.status = 'completed' AND t.transaction_type = 'dividend'
              AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz)
    SELECT (SELECT json_agg(json_build_array(id::text, property_id::text, sell, shares, amount::text, fee::text, ${isoText("created_at")})
                            ORDER BY created_at, id) FROM trades) AS trades,
           (SELECT json_agg(json_build_array(${isoText("created_at")}, property_id::text, shares, amount::text, fee::text)
                            ORDER BY created_at, id) FROM dividends) AS dividends,
           (SELECT json_object_agg(p.id::text, p.title) FROM properties p
             WHERE p.id IN (SELECT property_id FROM trades UNION SELECT property_id FROM dividends)) AS titles`,
};

// $1 the investor, $2 the year's start, $3 its end: each platform fee charged in the year.
const READ_PLATFORM_FEES: PreparedStatement = {
  name: "read_statement_platform_fees",
  text: `
    SELECT json_agg(t.fee::text ORDER BY t.created_at, t.id) AS fees
      FROM transactions t
     WHERE t.user_id = $1::uuid AND t.status = 'completed' AND t.fee > 0
       AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz`,
};

type TradeTuple = [id: string, propertyId: string, sell: boolean, shares: number, amount: string, fee: string, at: string];
type DividendTuple = [at: string, propertyId: string | null, shares: number | null, amount: string, fee: string];

/**
 * An investor's statement for the financial year starting April `startYear`, read from the
 * ledger (wallet balances and every movement: the net of each journal over the investor's
 * available and held accounts) and the trade history (holdings and capital gains). The one
 * source of the statements page, the account statement PDF, the holdings CSV and the capital-gains PDF and CSV (ADR 0036).
 */
export async function loadStatement(db: Reader, userId: string, startYear: number): Promise<StatementFigures | null> {
  const { start, end } = financialYearBounds(startYear);
  const [investor, [opening], [journals], [listed], [fees]] = await Promise.all([
    receiptPartyOf(db, userId),
    preparedQuery<{ balance: string }>(db, READ_OPENING_BALANCE, [userId, start]),
    preparedQuery<{ rows: [at: string, kind: string, description: string, amount: string][] | null }>(db, READ_MOVEMENTS, [
      userId,
      start,
      end,
    ]),
    preparedQuery<{ trades: TradeTuple[] | null; dividends: DividendTuple[] | null; titles: Record<string, string> | null }>(
      db,
      READ_TRADES,
      [userId, start, end],
    ),
    preparedQuery<{ fees: string[] | null }>(db, READ_PLATFORM_FEES, [userId, start, end]),
  ]);
  if (!investor) return null;
  const titles = listed?.titles ?? {};
  const movements: Movement[] = (journals?.rows ?? []).map(([at, kind, description, amount]) => ({
    at,
    kind: KIND_LABELS[kind] ?? kind,
    description,
    amount,
  }));
  const tradeRows: TradeRow[] = (listed?.trades ?? []).map(([id, propertyId, sell, shares, amount, fee, at]) => ({
    id,
    propertyId,
    propertyTitle: titles[propertyId] ?? "",
    // An exit pay-out (ADR 0071) is a disposal at the sale's price per share.
    kind: sell ? "sell" : "buy",
    shares,
    amount,
    fee,
    at,
  }));
  // Holdings are valued by the one rule the position page and the overview use (ADR 0069), at today's price.
  const valuations = await valuationPrices(db, [...new Set(tradeRows.map((t) => t.propertyId))]);
  const prices = new Map([...valuations].map(([id, v]) => [id, { price: v.price, basis: valuationBasis(v) }]));
  const distributions: DistributionReceived[] = (listed?.dividends ?? []).map(([at, propertyId, shares, amount, fee]) => ({
    at,
    propertyTitle: propertyId ? (titles[propertyId] ?? "") : "",
    shares: shares ?? null,
    amount: walletEffect({ type: "dividend", amount, fee }).toFixed(2),
  }));
  return buildStatement({
    startYear,
    investor: { name: investor.name, email: investor.email, stateCode: investor.stateCode },
    platformFees: fees?.fees ?? [],
    openingBalance: opening?.balance ?? "0",
    movements,
    trades: tradeRows,
    distributions,
    prices,
  });
}

import { preparedQuery, type Db, type PreparedStatement, type Reader } from "~/services/db.server";
import {
  holdingFigures,
  portfolioTotals,
  type FigureTrade,
  type HoldingFigures,
  type PortfolioFigures,
  type ReceivedDividend,
} from "./holding-figures";
import { valuationPrices, valuationPricesBy, valuationPricesStatement, type Valuation } from "./valuation.server";
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

// $1 the investor: the properties of their kept sums with a trade or a dividend, the parts below
// and the properties valued beside them (one rule, so the two can never name different sets).
const TRADED_PROPERTIES = `
           SELECT property_id, sales, trades, bought_shares, bought_amount, bought_fee, dividends, dividend_amount, dividend_fee
             FROM investor_property_trades
            WHERE user_id = $1::uuid AND (trades <> 0 OR dividends <> 0)`;

// $1 the investor. The trades of loadInvestorHoldings with every run of purchases between two
// sales of a property summed into one (a purchase only adds to the average-cost pool, so a run
// adds exactly what its rows add one by one), and each property's dividends summed: an investor
// with thousands of purchases sends a row per property and sale instead of one per purchase.
// Each property's sums and sales come from investor_property_trades, which triggers keep as
// the rows change (ADR 0108), so a property never sold costs one row however often it was
// bought. Such a property is one run, whose place in time cannot matter (a pool sees only its
// own property's rows), so it carries none. Only the properties with a sale read their rows,
// for the window that numbers their runs; those runs are ordered as holdingFigures orders rows
// (time to the millisecond, then id), and a run carries its last row's time and id, so it sorts
// where its rows did. (5,000 purchases over 600 properties, none sold: 4.6 ms summing the rows
// in one pass, 0.9 ms reading the kept sums, in EXPLAIN ANALYZE.)
//
// The types are written into the statement, not passed as arrays: with array parameters
// PostgreSQL judged its one generic plan dearer than planning again, and planned this
// statement on every overview (ADR 0090).
const typeList = (types: Iterable<string>) => `ARRAY[${[...types].map((type) => `'${type}'`).join(", ")}]::transaction_type[]`;
const READ_PORTFOLIO_TRADES: PreparedStatement = {
  name: "read_portfolio_trade_columns",
  text: `
    WITH per_property AS MATERIALIZED (${TRADED_PROPERTIES}),
         trades AS (
           SELECT t.id::text COLLATE "C" AS id, t.property_id, t.transaction_type = ANY (${typeList(SELLS)}) AS sell,
                  t.shares, t.amount, t.fee, date_trunc('milliseconds', t.created_at) AS at
             FROM transactions t JOIN per_property sold ON sold.property_id = t.property_id AND sold.sales > 0
            WHERE t.user_id = $1::uuid AND t.status = 'completed' AND t.transaction_type = ANY (${typeList(HOLDING_TYPES)})
              AND t.transaction_type <> 'dividend' AND t.shares <> 0),
         runs AS (
           SELECT *, count(*) FILTER (WHERE sell) OVER (PARTITION BY property_id ORDER BY at, id) AS sales_so_far FROM trades)
    SELECT json_agg(property_id) AS property_ids, json_agg(kind) AS kinds, json_agg(shares) AS shares,
           json_agg(amount) AS amounts, json_agg(fee) AS fees, json_agg(at) AS ats, json_agg(id) AS ids
      FROM (SELECT property_id, 'buy' AS kind, bought_shares::int AS shares, bought_amount::text AS amount,
                   bought_fee::text AS fee, NULL::timestamptz AS at, NULL::text AS id
              FROM per_property WHERE sales = 0 AND trades > 0
            UNION ALL
            SELECT property_id, CASE WHEN sell THEN 'sell' ELSE 'buy' END, sum(shares)::int, sum(amount)::text,
                   CASE WHEN sell THEN sum(fee) ELSE sum(abs(fee)) END::text, max(at), (array_agg(id ORDER BY at DESC, id DESC))[1]
              FROM runs GROUP BY property_id, sell, CASE WHEN sell THEN id ELSE sales_so_far::text END
            UNION ALL
            SELECT property_id, 'dividend', NULL, dividend_amount::text, dividend_fee::text, NULL, NULL
              FROM per_property WHERE dividends > 0) parts`,
};
// Valued by their rule rather than by a list of the ids the read above returns: read beside it,
// in the same round trip, with no 600-id array built, sent and parsed.
const READ_TRADED_VALUATIONS = valuationPricesStatement(
  "read_valuation_inputs_traded",
  `SELECT property_id FROM (${TRADED_PROPERTIES}) traded`,
);

/** The parts as parallel arrays (one aggregation pass, so index i is one part throughout), all null when there are none. */
type PortfolioTradeColumns = {
  property_ids: string[] | null;
  kinds: ("buy" | "sell" | "dividend")[];
  shares: (number | null)[];
  amounts: string[];
  fees: string[];
  /** The run's last row's time (a JSON timestamp), null for a never-sold property's one run and for dividends. */
  ats: (string | null)[];
  ids: (string | null)[];
};

/**
 * The investor's portfolio totals (the overview's tiles): the same holdingFigures over the same
 * rows as loadInvestorHoldings, with each run of purchases between sales summed in SQL first.
 * Only the totals are exact this way, so no holding's history is formatted.
 */
export async function loadPortfolioFigures(db: Reader, userId: string): Promise<PortfolioFigures> {
  // One row of JSON arrays rather than a row per part: pg builds an object per row, which cost
  // the overview's 600 holdings about three times what JSON.parse of the arrays does.
  const [[columns], prices] = await Promise.all([
    preparedQuery<PortfolioTradeColumns>(db, READ_PORTFOLIO_TRADES, [userId]),
    valuationPricesBy(db, READ_TRADED_VALUATIONS, [userId]),
  ]);
  const trades: FigureTrade[] = [];
  const dividends: ReceivedDividend[] = [];
  const propertyIds = columns?.property_ids ?? [];
  for (let i = 0; i < propertyIds.length; i++) {
    const kind = columns!.kinds[i]!;
    if (kind === "dividend") {
      // Summed |amount| and |fee|: each dividend's effect is |amount| − |fee|, so the sums' effect is theirs added.
      dividends.push({
        propertyId: propertyIds[i]!,
        amount: walletEffect({ type: "dividend", amount: columns!.amounts[i]!, fee: columns!.fees[i]! }),
      });
      continue;
    }
    const at = columns!.ats[i];
    trades.push({
      // A never-sold property's one run has no time or id: it sorts first, among its own rows alone.
      id: columns!.ids[i] ?? "",
      propertyId: propertyIds[i]!,
      kind,
      shares: columns!.shares[i]!,
      amount: columns!.amounts[i]!,
      fee: columns!.fees[i]!,
      at: at == null ? "" : new Date(at).toISOString(),
    });
  }
  const priceOf = new Map([...prices].map(([id, valuation]) => [id, valuation.price]));
  return portfolioTotals(trades, dividends, priceOf);
}

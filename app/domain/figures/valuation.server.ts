import { preparedQuery, type PreparedStatement, type Reader } from "~/services/db.server";
import { navPerShare } from "~/domain/valuations/nav";

export type ValuationSource = "nav" | "last_trade" | "issue_price";
export type Valuation = {
  price: string;
  source: ValuationSource;
  /** For a NAV, the date of the valuation it comes from (YYYY-MM-DD); else null. */
  asOf: string | null;
};

/** Said wherever a position's value is shown. */
export const VALUATION_RULE =
  "Valued at the latest NAV per share where the property has a recorded valuation; otherwise at the last settled resale price, or the issue price when no resale has settled.";

/** Which price one property's shares are valued at, in words ("NAV per share of the valuation dated 2026-11-12"). */
export function valuationBasis(valuation: Pick<Valuation, "source" | "asOf">): string {
  if (valuation.source === "nav") return `NAV per share, from the valuation dated ${valuation.asOf}`;
  return valuation.source === "last_trade" ? "the last settled resale price" : "the issue price";
}

/** The same inputs as parallel arrays (one aggregation pass), every one null when no property is found. */
type ValuationColumns = { [K in keyof ValuationRow]: ValuationRow[K][] } & { id: string[] | null };

type ValuationRow = {
  id: string;
  last_price: string | null;
  share_price: string;
  total_shares: number;
  debts: string;
  reserves: string;
  nav_value: string | null;
  nav_date: string | null;
};

/**
 * The price each property's shares are valued at (ADR 0046, amended by ADR 0069): the NAV per
 * share of its latest recorded valuation (navPerShare, with today's debts and reserves), else
 * the price of the last settled resale (a buyer's completed share_purchase), else the issue
 * price. One rule for the overview, the position page, the statement, the holdings certificate
 * and the admin pages.
 */
export async function valuationPrices(db: Reader, propertyIds: readonly string[]): Promise<Map<string, Valuation>> {
  const ids = [...new Set(propertyIds)];
  if (ids.length === 0) return new Map();
  // One property (the invest and position pages) by equality: planned once, where a one-element
  // list kept PostgreSQL planning the list's statement for its parameters every time (ADR 0090).
  if (ids.length === 1) {
    const rows = await preparedQuery<ValuationRow>(db, READ_ONE, [ids[0]]);
    return new Map(rows.map((row) => [row.id, valuationOf(row)]));
  }
  // Many as one row of JSON arrays: pg's object per row cost the overview's 600 holdings about
  // three times what JSON.parse of the arrays does.
  const [columns] = await preparedQuery<ValuationColumns>(db, READ_MANY, [ids]);
  return valuationsOf(columns);
}

/**
 * The same prices for the properties a subquery of the statement names (`propertiesSql`, whose
 * parameters are the statement's), so a caller that knows them by a rule (an investor's holdings)
 * sends the rule, not hundreds of ids, and can read them beside its other reads in one round trip.
 */
export function valuationPricesStatement(name: string, propertiesSql: string): PreparedStatement {
  return valuationColumns(valuationInputs(name, `p.id IN (${propertiesSql})`));
}

/** Runs a statement made by valuationPricesStatement. */
export async function valuationPricesBy(db: Reader, statement: PreparedStatement, values: unknown[]): Promise<Map<string, Valuation>> {
  const [columns] = await preparedQuery<ValuationColumns>(db, statement, values);
  return valuationsOf(columns);
}

function valuationsOf(columns: ValuationColumns | undefined): Map<string, Valuation> {
  const valuations = new Map<string, Valuation>();
  const found = columns?.id ?? [];
  for (let i = 0; i < found.length; i++) {
    const row: ValuationRow = {
      id: found[i]!,
      last_price: columns!.last_price[i] ?? null,
      share_price: columns!.share_price[i]!,
      total_shares: columns!.total_shares[i]!,
      debts: columns!.debts[i]!,
      reserves: columns!.reserves[i]!,
      nav_value: columns!.nav_value[i] ?? null,
      nav_date: columns!.nav_date[i] ?? null,
    };
    valuations.set(row.id, valuationOf(row));
  }
  return valuations;
}

// $1 the properties (or the one property). On the pool's own connection rather than through
// Prisma's query pipeline (ADR 0026): the overview asks for every holding, 600 for the bench's
// large investor. Each holding reads one index entry for its last settled resale
// (transactions_last_resale_idx, in this order) and, only when the property names one, its
// latest recorded valuation by key (ADR 0090): no sort per holding, and nothing read for a
// property never valued (a join was a scan of property_valuations per holding while that table
// is small).
function valuationInputs(name: string, where: string): PreparedStatement {
  return {
    name,
    text: `
    SELECT p.id, last.price::text AS last_price, p.share_price::text AS share_price, p.total_shares,
           p.debts::text AS debts, p.reserves::text AS reserves,
           CASE WHEN p.latest_valuation_id IS NOT NULL
                THEN (SELECT v.value::text FROM property_valuations v WHERE v.id = p.latest_valuation_id) END AS nav_value,
           CASE WHEN p.latest_valuation_id IS NOT NULL
                THEN (SELECT v.valuation_date::text FROM property_valuations v WHERE v.id = p.latest_valuation_id) END AS nav_date
      FROM properties p
      LEFT JOIN LATERAL (
            SELECT t.price_per_share AS price FROM transactions t
             WHERE t.property_id = p.id AND t.transaction_type = 'share_purchase' AND t.status = 'completed'
               AND t.price_per_share IS NOT NULL
             ORDER BY t.created_at DESC, t.id DESC LIMIT 1) last ON true
     WHERE ${where}`,
  };
}
/** One row of JSON arrays, one per input (one aggregation pass). */
function valuationColumns(inputs: PreparedStatement): PreparedStatement {
  return {
    name: inputs.name,
    text: `
    SELECT json_agg(id) AS id, json_agg(last_price) AS last_price, json_agg(share_price) AS share_price,
           json_agg(total_shares) AS total_shares, json_agg(debts) AS debts, json_agg(reserves) AS reserves,
           json_agg(nav_value) AS nav_value, json_agg(nav_date) AS nav_date
      FROM (${inputs.text}) inputs`,
  };
}
const READ_MANY = valuationColumns(valuationInputs("read_valuation_inputs_columns", "p.id = ANY ($1::text[])"));
const READ_ONE = valuationInputs("read_valuation_inputs_one", "p.id = $1");

function valuationOf(row: ValuationRow): Valuation {
  return valuationFrom({
    latestValuation: row.nav_value === null ? null : { value: row.nav_value, date: row.nav_date! },
    debts: row.debts,
    reserves: row.reserves,
    totalShares: row.total_shares,
    lastTradePrice: row.last_price,
    issuePrice: row.share_price,
  });
}

/** The rule itself, on figures already read: the latest NAV, else the last settled trade, else the issue price. */
export function valuationFrom(figures: {
  latestValuation: { value: string; date: string } | null;
  debts: string;
  reserves: string;
  totalShares: number;
  lastTradePrice: string | null;
  issuePrice: string;
}): Valuation {
  const { latestValuation, totalShares } = figures;
  if (latestValuation && totalShares > 0) {
    const price = navPerShare({ value: latestValuation.value, debts: figures.debts, reserves: figures.reserves, totalShares });
    return { price: price.toFixed(2), source: "nav", asOf: latestValuation.date };
  }
  if (figures.lastTradePrice !== null) return { price: figures.lastTradePrice, source: "last_trade", asOf: null };
  return { price: figures.issuePrice, source: "issue_price", asOf: null };
}

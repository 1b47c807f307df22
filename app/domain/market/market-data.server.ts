import { preparedQuery, type PreparedStatement, type PrismaClient } from "~/services/db.server";

export type TradePoint = { at: string; price: string; shares: number };

export type MarketData = {
  issuePrice: string;
  lastTrade: { price: string; at: string } | null;
  volume30d: { shares: number; value: string; trades: number };
  openSellRequests: number;
  bestPrice: string | null;
  history: TradePoint[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

// Every figure in one statement (the invest page's, so a launch's hot path): settled trades
// are the buyers' completed share_purchase rows. Times come as whole epoch milliseconds, the
// precision of a JavaScript Date; money as NUMERIC text.
const READ_MARKET_DATA: PreparedStatement = {
  name: "read_market_data",
  text: `
    WITH trades AS NOT MATERIALIZED (
           SELECT t.id, t.created_at, t.price_per_share, t.shares, t.amount
             FROM transactions t
            WHERE t.property_id = $1 AND t.transaction_type = 'share_purchase' AND t.status = 'completed'
              AND t.created_at <= $2::timestamptz)
    SELECT p.share_price::text AS issue_price,
           last.price AS last_price, last.at_ms AS last_at_ms,
           volume.shares AS volume_shares, volume.value AS volume_value, volume.trades AS volume_trades,
           orders.count AS open_orders, orders.best AS best_price,
           history.points AS history
      FROM properties p
      LEFT JOIN LATERAL (
             SELECT price_per_share::text AS price, floor(extract(epoch FROM created_at) * 1000)::float8 AS at_ms
               FROM trades ORDER BY created_at DESC, id DESC LIMIT 1) last ON true
     CROSS JOIN LATERAL (
             SELECT coalesce(sum(shares), 0)::int AS shares, coalesce(sum(amount), 0)::numeric(16,2)::text AS value,
                    count(*)::int AS trades
               FROM trades WHERE created_at >= $3::timestamptz) volume
     CROSS JOIN LATERAL (
             SELECT count(*)::int AS count, min(price_per_share)::numeric(16,2)::text AS best
               FROM share_sell_requests s
              WHERE s.property_id = p.id AND s.status = 'active' AND s.expires_at > $2::timestamptz
                AND s.remaining_shares > s.held_shares) orders
     CROSS JOIN LATERAL (
             SELECT json_agg(json_build_array(floor(extract(epoch FROM created_at) * 1000), price_per_share::text, coalesce(shares, 0))
                             ORDER BY created_at, id) FILTER (WHERE price_per_share IS NOT NULL) AS points
               FROM (SELECT * FROM trades WHERE created_at >= $4::timestamptz ORDER BY created_at, id LIMIT 2000) year) history
     WHERE p.id = $1`,
};

type MarketDataRow = {
  issue_price: string;
  last_price: string | null;
  last_at_ms: number | null;
  volume_shares: number;
  volume_value: string;
  volume_trades: number;
  open_orders: number;
  best_price: string | null;
  history: [number, string, number][] | null;
};

/**
 * What the resale market honestly says about a property: its issue price, the last settled
 * trade, the last 30 days' volume, the open sell requests and their best (lowest) price, and
 * the price of every settled trade in the last year (oldest first, at most 2,000).
 */
export async function getMarketData(db: PrismaClient, propertyId: string, now = new Date()): Promise<MarketData | null> {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const sinceYear = new Date(now.getTime() - 365 * DAY_MS);
  const [row] = await preparedQuery<MarketDataRow>(db, READ_MARKET_DATA, [
    propertyId,
    now.toISOString(),
    since30.toISOString(),
    sinceYear.toISOString(),
  ]);
  if (!row) return null;
  return {
    issuePrice: row.issue_price,
    lastTrade: row.last_price !== null && row.last_at_ms !== null ? { price: row.last_price, at: isoTime(row.last_at_ms) } : null,
    volume30d: { shares: row.volume_shares, value: row.volume_value, trades: row.volume_trades },
    openSellRequests: row.open_orders,
    bestPrice: row.best_price,
    history: (row.history ?? []).map(([at, price, shares]) => ({ at: isoTime(at), price, shares })),
  };
}

const isoTime = (epochMs: number | string) => new Date(Number(epochMs)).toISOString();

import { Decimal } from "~/lib/money";
import { preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";

export type BookLevel = { price: string; shares: number; orders: number };
export type TapeTrade = { at: string; price: string; shares: number };
export type OrderBook = {
  propertyId: string;
  bids: BookLevel[];
  asks: BookLevel[];
  /** Best ask minus best bid, when both sides have a level. */
  spread: string | null;
  trades: TapeTrade[];
  halted: boolean;
  /** Whether the property's shares may be resold at all (an admin's switch): no buy order may be placed while they may not. */
  tradingOn: boolean;
};

export const BOOK_DEPTH = 5;
export const TAPE_LENGTH = 10;

// $1 the property, $2 now. The depth and the tape's length are written into the statement, not
// passed, so it is planned once per connection (ADR 0090); a prepared statement of its own, not
// Prisma's raw query, as the invest page's other reads (ADR 0026).
const READ_ORDER_BOOK: PreparedStatement = {
  name: "read_order_book",
  text: `
    SELECT
      (SELECT json_agg(l ORDER BY l.p DESC) FROM (
         SELECT max_price AS p, max_price::text AS price, sum(remaining_shares)::int AS shares, count(*)::int AS orders
           FROM share_buy_orders WHERE property_id = $1 AND status = 'active' AND expires_at > $2::timestamptz
          GROUP BY max_price ORDER BY max_price DESC LIMIT ${BOOK_DEPTH}) l) AS bids,
      (SELECT json_agg(l ORDER BY l.p) FROM (
         SELECT price_per_share AS p, price_per_share::text AS price, sum(remaining_shares - held_shares)::int AS shares, count(*)::int AS orders
           FROM share_sell_requests WHERE property_id = $1 AND status = 'active' AND expires_at > $2::timestamptz
            AND remaining_shares > held_shares
          GROUP BY price_per_share ORDER BY price_per_share LIMIT ${BOOK_DEPTH}) l) AS asks,
      (SELECT json_agg(t ORDER BY t.at DESC) FROM (
         SELECT created_at AS at, price_per_share::text AS price, shares FROM share_fills
          WHERE property_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${TAPE_LENGTH}) t) AS trades,
      (SELECT halted FROM market_books WHERE property_id = $1) AS halted,
      (SELECT shares_sellable FROM properties WHERE id = $1) AS trading_on`,
};

/**
 * The property's order book as investors see it, in one statement: the best five price
 * levels each side with the shares open there (a sell order counts only what no hold has
 * promised), the spread, the last trades matched and whether an admin halted trading.
 */
export async function getOrderBook(db: Db, propertyId: string, now = new Date()): Promise<OrderBook> {
  const [row] = await preparedQuery<{
    bids: BookLevel[] | null;
    asks: BookLevel[] | null;
    trades: TapeTrade[] | null;
    halted: boolean | null;
    trading_on: boolean | null;
  }>(db, READ_ORDER_BOOK, [propertyId, now]);
  const bids = (row?.bids ?? []).map(({ price, shares, orders }) => ({ price: new Decimal(price).toFixed(2), shares, orders }));
  const asks = (row?.asks ?? []).map(({ price, shares, orders }) => ({ price: new Decimal(price).toFixed(2), shares, orders }));
  const spread = bids[0] && asks[0] ? new Decimal(asks[0].price).minus(bids[0].price).toFixed(2) : null;
  const trades = (row?.trades ?? []).map((t) => ({
    at: new Date(t.at).toISOString(),
    price: new Decimal(t.price).toFixed(2),
    shares: t.shares,
  }));
  return { propertyId, bids, asks, spread, trades, halted: row?.halted ?? false, tradingOn: row?.trading_on ?? false };
}

export type OwnBuyOrder = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  sharesWanted: number;
  filledShares: number;
  remainingShares: number;
  maxPrice: string;
  held: string;
  status: string;
  expiresAt: string;
  fills: { at: string; price: string; shares: number }[];
};

type OwnBuyOrderRow = {
  id: string;
  property_id: string;
  title: string;
  shares_wanted: number;
  remaining_shares: number;
  max_price: string;
  held_amount: string;
  status: string;
  expires_at: Date;
  fills: { at: string; price: string; shares: number }[] | null;
};

// $1 the buyer, $2 (the second statement only) the property. Two statements rather than an
// optional filter, so each is planned once (ADR 0090).
function ownBuyOrdersStatement(ofProperty: boolean): PreparedStatement {
  return {
    name: ofProperty ? "read_own_buy_orders_of_property" : "read_own_buy_orders",
    text: `
    SELECT b.id::text AS id, b.property_id, p.title, b.shares_wanted, b.remaining_shares, b.max_price::text AS max_price,
           b.held_amount::text AS held_amount, b.status::text AS status, b.expires_at,
           (SELECT json_agg(json_build_object('at', f.created_at, 'price', f.price_per_share::text, 'shares', f.shares) ORDER BY f.created_at)
              FROM share_fills f WHERE f.buy_order_id = b.id) AS fills
      FROM share_buy_orders b JOIN properties p ON p.id = b.property_id
     WHERE b.buyer_id = $1::uuid ${ofProperty ? "AND b.property_id = $2" : ""}
     ORDER BY (b.status = 'active') DESC, b.created_at DESC
     LIMIT 50`,
  };
}
const READ_OWN_BUY_ORDERS = ownBuyOrdersStatement(false);
const READ_OWN_BUY_ORDERS_OF_PROPERTY = ownBuyOrdersStatement(true);

/** The investor's buy orders (open first, then the last closed ones), each with its fills. */
export async function listOwnBuyOrders(db: Db, userId: string, propertyId?: string | null): Promise<OwnBuyOrder[]> {
  const rows = await preparedQuery<OwnBuyOrderRow>(
    db,
    propertyId == null ? READ_OWN_BUY_ORDERS : READ_OWN_BUY_ORDERS_OF_PROPERTY,
    propertyId == null ? [userId] : [userId, propertyId],
  );
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.title,
    sharesWanted: r.shares_wanted,
    filledShares: r.shares_wanted - r.remaining_shares,
    remainingShares: r.remaining_shares,
    maxPrice: new Decimal(r.max_price).toFixed(2),
    held: new Decimal(r.held_amount).toFixed(2),
    status: r.status,
    expiresAt: r.expires_at.toISOString(),
    fills: (r.fills ?? []).map((f) => ({ at: new Date(f.at).toISOString(), price: new Decimal(f.price).toFixed(2), shares: f.shares })),
  }));
}

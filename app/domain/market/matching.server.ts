import { Decimal } from "~/lib/money";
import { holdExpiry, holdJournalExpiry, reservationExpiry } from "~/lib/market/market-rules";
import { formatShares } from "~/lib/formats";
import type { Tx } from "~/services/db.server";
import { getFeatureFlags } from "~/services/env.server";
import { voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { announceMarketChange } from "./order-locks.server";
import { RESALE_FEE } from "./resale-rules";
import { MarketError } from "./market-errors";

/**
 * Matching (ADR 0074). Every command that can match takes the property's book row first
 * (`lockBook`), so matching on one property runs one command at a time and the database, not
 * this process, decides which order came first. Under that lock a new order is matched
 * against the other side by price, then time; the resting order's price is the trade price.
 */

export type MatchMode = { instant: boolean; now: Date };

/** Flag on: a match is a reservation an admin settles; off: it settles at once (ADR 0074). */
export const matchesSettleAtOnce = () => !getFeatureFlags().secondary_market_enabled;

/**
 * Locks the book of the order's property (an order's property never changes, so it is read
 * without a lock first): for commands that begin at an order or hold but may match.
 */
export async function lockBookOfSellOrder(tx: Tx, orderId: string): Promise<{ halted: boolean } | null> {
  const [row] = await tx.$queryRaw<{ property_id: string }[]>`SELECT property_id FROM share_sell_requests WHERE id = ${orderId}::uuid`;
  return row ? lockBook(tx, row.property_id) : null;
}

/**
 * Shares a hold gave back to a sell order are offered to the resting bids again at once, so
 * the book never stays crossed (the book must already be locked, `lockBookOfSellOrder`).
 */
export async function rematchReleasedShares(tx: Tx, book: { halted: boolean } | null, orderId: string, now: Date) {
  if (!book || book.halted) return 0;
  return matchSellOrder(tx, orderId, { instant: matchesSettleAtOnce(), now });
}

/** Locks (creating on first use) the property's book row; says whether an admin halted trading. */
export async function lockBook(tx: Tx, propertyId: string): Promise<{ halted: boolean }> {
  const [book] = await tx.$queryRaw<{ halted: boolean }[]>`
    INSERT INTO market_books (property_id) VALUES (${propertyId})
    ON CONFLICT (property_id) DO UPDATE SET updated_at = market_books.updated_at
    RETURNING halted`;
  return { halted: book!.halted };
}

/** What a buy order holds while it wants `shares` at up to `maxPrice`: the cost plus the resale fee. */
export const buyOrderHold = (shares: number, maxPrice: Decimal.Value) =>
  new Decimal(maxPrice).times(shares).plus(RESALE_FEE).toDecimalPlaces(2);

/** A buy order's pending journal outlives the order by a day, so the market's expiry always resolves it first. */
export const buyOrderJournalExpiry = (expiresAt: Date) => new Date(expiresAt.getTime() + 24 * 3_600_000);

type LockedBuy = {
  id: string;
  buyer_id: string;
  property_id: string;
  remaining_shares: number;
  max_price: string;
  journal_id: string;
  expires_at: Date;
  status: string;
  title: string;
  created_at: Date;
};
type LockedSell = { id: string; seller_id: string; property_id: string; price_per_share: string; free: number; created_at: Date };

async function lockBuy(tx: Tx, id: string): Promise<LockedBuy | undefined> {
  const [row] = await tx.$queryRaw<LockedBuy[]>`
    SELECT b.id::text AS id, b.buyer_id::text AS buyer_id, b.property_id, b.remaining_shares, b.max_price::text AS max_price,
           b.journal_id::text AS journal_id, b.expires_at, b.status::text AS status, p.title, b.created_at
      FROM share_buy_orders b JOIN properties p ON p.id = b.property_id
     WHERE b.id = ${id}::uuid FOR UPDATE OF b`;
  return row;
}

async function lockSell(tx: Tx, id: string, now: Date): Promise<LockedSell | undefined> {
  const [row] = await tx.$queryRaw<LockedSell[]>`
    SELECT id::text AS id, seller_id::text AS seller_id, property_id, price_per_share::text AS price_per_share,
           remaining_shares - held_shares AS free, created_at
      FROM share_sell_requests
     WHERE id = ${id}::uuid AND status = 'active' AND expires_at > ${now} FOR NO KEY UPDATE`;
  return row && row.free > 0 ? row : undefined;
}

/** The best ask a buy order can take: lowest price, then oldest; never the buyer's own. */
async function bestAsk(tx: Tx, buy: LockedBuy, now: Date) {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_sell_requests
     WHERE property_id = ${buy.property_id} AND status = 'active' AND expires_at > ${now}
       AND remaining_shares > held_shares AND price_per_share <= ${buy.max_price}::numeric AND seller_id <> ${buy.buyer_id}::uuid
     ORDER BY price_per_share, created_at, id LIMIT 1`;
  return row?.id;
}

/** The best bid a sell order can take: highest limit, then oldest; never the seller's own. */
async function bestBid(tx: Tx, sell: LockedSell, now: Date) {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_buy_orders
     WHERE property_id = ${sell.property_id} AND status = 'active' AND expires_at > ${now}
       AND max_price >= ${sell.price_per_share}::numeric AND buyer_id <> ${sell.seller_id}::uuid
     ORDER BY max_price DESC, created_at, id LIMIT 1`;
  return row?.id;
}

/** Matches a buy order (the book locked) against resting asks until it is filled or nothing crosses. */
export async function matchBuyOrder(tx: Tx, buyOrderId: string, mode: MatchMode, olderSetsPrice = false): Promise<number> {
  let fills = 0;
  for (;;) {
    const buy = await lockBuy(tx, buyOrderId);
    if (!buy || buy.status !== "active" || buy.expires_at <= mode.now) return fills;
    const askId = await bestAsk(tx, buy, mode.now);
    if (!askId) return fills;
    const ask = await lockSell(tx, askId, mode.now);
    // Taken by another command between the look and the lock: look again.
    if (!ask) continue;
    // A new bid takes the resting ask's price; on a resumed book the older of the two is the resting one.
    const price = olderSetsPrice && buy.created_at < ask.created_at ? buy.max_price : ask.price_per_share;
    await fill(tx, buy, ask, new Decimal(price), mode);
    fills++;
  }
}

/** Matches a sell order (the book locked) against resting bids, each at the bid's limit. */
export async function matchSellOrder(tx: Tx, sellOrderId: string, mode: MatchMode): Promise<number> {
  let fills = 0;
  for (;;) {
    const sell = await lockSell(tx, sellOrderId, mode.now);
    if (!sell) return fills;
    const bidId = await bestBid(tx, sell, mode.now);
    if (!bidId) return fills;
    const bid = await lockBuy(tx, bidId);
    if (!bid || bid.status !== "active") continue;
    await fill(tx, bid, sell, new Decimal(bid.max_price), mode);
    fills++;
  }
}

/**
 * Buy Now (ADR 0076): a marketable buy order that names one listing fills from that listing
 * only, at the listing's price; the book must be locked. Returns the shares filled.
 */
export async function fillFromListing(tx: Tx, buyOrderId: string, sellOrderId: string, mode: MatchMode): Promise<number> {
  const buy = await lockBuy(tx, buyOrderId);
  const ask = await lockSell(tx, sellOrderId, mode.now);
  if (!buy || buy.status !== "active" || !ask || ask.seller_id === buy.buyer_id) return 0;
  const shares = Math.min(buy.remaining_shares, ask.free);
  await fill(tx, buy, ask, new Decimal(ask.price_per_share), mode);
  return shares;
}

/**
 * Once trading resumes, every open bid (oldest first) is matched again, so the book is left
 * uncrossed; the resting order of each pair is the older, whose price is the trade price.
 */
export async function matchWholeBook(tx: Tx, propertyId: string, mode: MatchMode): Promise<number> {
  const bids = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_buy_orders WHERE property_id = ${propertyId} AND status = 'active'
     ORDER BY created_at, id`;
  let fills = 0;
  for (const bid of bids) fills += await matchBuyOrder(tx, bid.id, mode, true);
  return fills;
}

/**
 * One fill of `shares = min(wanted, free)` at `price`. The buy order's hold is voided and
 * written again for what it still wants, and the fill's own money is held: with the flag
 * on as a reservation both sides' orders confirmed (an admin settles it like any other),
 * with it off posted to the seller at once with the shares moved.
 */
async function fill(tx: Tx, buy: LockedBuy, sell: LockedSell, price: Decimal, mode: MatchMode) {
  const shares = Math.min(buy.remaining_shares, sell.free);
  const amount = price.times(shares).toFixed(2);
  const left = buy.remaining_shares - shares;
  const what = `${formatShares(shares)} of ${buy.title}`;
  await voidPendingJournal(tx, { pendingJournalId: buy.journal_id, reason: `Buy order matched: ${what}`, createdBy: buy.buyer_id });
  const fillJournal = await holdFunds(
    tx,
    buy.buyer_id,
    amount,
    mode.instant ? new Date(mode.now.getTime() + 600_000) : holdJournalExpiry(mode.now),
    `Hold for ${what}`,
  );
  let holdId: string | null = null;
  if (mode.instant) {
    const [posted] = await tx.$queryRaw<{ journal: string }[]>`
      SELECT ledger_post_held_funds(${fillJournal}::uuid, ${sell.seller_id}::uuid, ${amount}::numeric, ${`Sale of ${what}`},
                                    ${buy.buyer_id}::uuid)::text AS journal`;
    const journal = posted!.journal;
    await tx.$queryRaw`
      SELECT market_transfer_shares(${sell.id}::uuid, ${buy.property_id}, ${sell.seller_id}::uuid, ${buy.buyer_id}::uuid, ${shares}::int,
             ${price.toFixed(2)}::numeric, ${amount}::numeric, ${journal}::uuid, NULL, FALSE, ${`Bought ${what}`}, ${`Sold ${what}`},
             'Order Filled', ${`Your buy order bought ${what} at ${price.toFixed(2)} rupees a share.`},
             ${`Your sell order sold ${what} at ${price.toFixed(2)} rupees a share.`})::text`;
  } else {
    await tx.$executeRaw`UPDATE share_sell_requests SET held_shares = held_shares + ${shares}, updated_at = now() WHERE id = ${sell.id}::uuid`;
    const [hold] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO share_buyer_holds (order_id, buyer_id, seller_id, shares, price_per_share, amount, hold_status,
                                     buyer_confirmed, seller_confirmed, hold_expires_at, journal_id)
      VALUES (${sell.id}::uuid, ${buy.buyer_id}::uuid, ${sell.seller_id}::uuid, ${shares}, ${price.toFixed(2)}::numeric, ${amount}::numeric,
              'reserved', true, true, ${holdExpiry(mode.now)}, ${fillJournal}::uuid)
      RETURNING id::text AS id`;
    holdId = hold!.id;
    await tx.$executeRaw`
      INSERT INTO share_reservations (order_id, hold_id, buyer_id, seller_id, property_id, shares, price_per_share, amount, expires_at)
      VALUES (${sell.id}::uuid, ${holdId}::uuid, ${buy.buyer_id}::uuid, ${sell.seller_id}::uuid, ${buy.property_id}, ${shares},
              ${price.toFixed(2)}::numeric, ${amount}::numeric, ${reservationExpiry(mode.now)})`;
  }
  const renewed =
    left > 0
      ? await holdFunds(
          tx,
          buy.buyer_id,
          buyOrderHold(left, buy.max_price).toFixed(2),
          buyOrderJournalExpiry(buy.expires_at),
          `Buy order for ${formatShares(left)} of ${buy.title}`,
        )
      : null;
  await tx.$executeRaw`
    UPDATE share_buy_orders
       SET remaining_shares = ${left}, held_amount = ${left > 0 ? buyOrderHold(left, buy.max_price).toFixed(2) : "0"}::numeric,
           journal_id = COALESCE(${renewed}::uuid, journal_id),
           status = CASE WHEN ${left} = 0 THEN 'filled'::buy_order_status ELSE status END, updated_at = now()
     WHERE id = ${buy.id}::uuid`;
  await tx.$executeRaw`
    INSERT INTO share_fills (property_id, buy_order_id, sell_order_id, buyer_id, seller_id, shares, price_per_share, amount, hold_id, created_at)
    VALUES (${buy.property_id}, ${buy.id}::uuid, ${sell.id}::uuid, ${buy.buyer_id}::uuid, ${sell.seller_id}::uuid, ${shares},
            ${price.toFixed(2)}::numeric, ${amount}::numeric, ${holdId}::uuid, clock_timestamp())`;
  await announceMarketChange(tx, { type: "fill", id: buy.id, propertyId: buy.property_id, userIds: [buy.buyer_id, sell.seller_id] });
}

/** Moves `amount` of the user's available balance to held, as a pending journal (the ledger's function). */
export async function holdFunds(tx: Tx, userId: string, amount: string, expiresAt: Date, description: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ journal: string }[]>`
    SELECT ledger_hold_funds(${userId}::uuid, ${amount}::numeric, ${expiresAt}, ${description}, NULL, ${userId}::uuid)::text AS journal`;
  return row!.journal;
}

/**
 * A trader never trades with themselves: an order that would cross their own resting order
 * on the other side is refused, so the book's crossed pairs are always between two people.
 */
export async function refuseSelfCross(tx: Tx, order: { userId: string; propertyId: string; side: "buy" | "sell"; price: Decimal }) {
  const [own] =
    order.side === "buy"
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM share_sell_requests
           WHERE property_id = ${order.propertyId} AND seller_id = ${order.userId}::uuid AND status = 'active'
             AND price_per_share <= ${order.price.toFixed(2)}::numeric LIMIT 1`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM share_buy_orders
           WHERE property_id = ${order.propertyId} AND buyer_id = ${order.userId}::uuid AND status = 'active'
             AND max_price >= ${order.price.toFixed(2)}::numeric LIMIT 1`;
  if (own) {
    throw new MarketError(
      "self_trade",
      order.side === "buy"
        ? "You have a sell order at or below this price. Cancel it first: you cannot buy your own shares."
        : "You have a buy order at or above this price. Cancel it first: you cannot sell to yourself.",
      409,
      order.side === "buy" ? "maxPrice" : "pricePerShare",
    );
  }
}

import { orderExpiry, parseSharePrice, parseShareCount } from "~/lib/market/market-rules";
import { isAmountPastAnyBound, NUMERIC_16_2_MAX } from "~/lib/rupee-input";
import { databaseRefusal, isUniqueViolation, runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { tradingStoppedForExit } from "~/domain/exits/trading-stopped.server";
import { announceMarketChange, lockOrder, releaseOpenHoldsOfOrder } from "./order-locks.server";
import { DuplicateSubmitError, marketError, MarketError, ownsTooFewError } from "./market-errors";
import { lockBook, matchSellOrder, refuseSelfCross } from "./matching.server";
import { checkPriceBand, outOfBand } from "./reference-price.server";
import { getFeatureFlags } from "~/services/env.server";

export type CreateSellRequestInput = {
  sellerId: string;
  propertyId: string;
  shares: unknown;
  pricePerShare: unknown;
  notes?: string | null;
  /** Rendered into the form; one key lists at most one order for its seller. */
  idempotencyKey: string;
};

export const scopedKey = (userId: string, key: string) => `${userId}:${key}`;

/**
 * Lists shares for sale for 30 days. The shares are committed on the seller's position by a
 * conditional update that a CHECK backs (committed never exceeds owned), so however many
 * dialogs race, the same share is never listed twice.
 */
export async function createSellRequest(
  prisma: PrismaClient,
  input: CreateSellRequestInput,
  now = new Date(),
  options: { instant?: boolean } = {},
) {
  const instant = options.instant ?? !getFeatureFlags().secondary_market_enabled;
  try {
    return await runTransaction(prisma, "market.create-sell-request", (tx) => createSellRequestIn(tx, input, now, undefined, instant));
  } catch (error) {
    if (isUniqueViolation(error)) throw marketError("duplicate", 409);
    // The database's exit_refuse_trading (ADR 0071): a sale was agreed while this was under way.
    if (databaseRefusal(error) === "trading_stopped") throw marketError("tradingStopped", 409);
    throw error;
  }
}

/**
 * createSellRequest inside a transaction the caller holds (the demo seed, which writes
 * everything in one transaction); `orderId` fixes the new order's id (demo data only).
 */
export async function createSellRequestIn(tx: Tx, input: CreateSellRequestInput, now: Date, orderId?: string, instant = false) {
  const shares = parseShareCount(input.shares);
  if (shares === null) throw marketError("invalidShares", 422, "shares");
  // A well-formed price too large for any column is past the band too, and is answered with it.
  const tooLarge = parseSharePrice(input.pricePerShare) === null && isAmountPastAnyBound(input.pricePerShare);
  const price = tooLarge ? NUMERIC_16_2_MAX : parseSharePrice(input.pricePerShare);
  if (price === null) throw marketError("invalidPrice", 422, "pricePerShare");
  const notes = (input.notes ?? "").trim().slice(0, 500) || null;
  const key = scopedKey(input.sellerId, input.idempotencyKey);
  const seen = await tx.shareSellRequest.findUnique({ where: { idempotencyKey: key } });
  if (seen) {
    if (seen.propertyId === input.propertyId && seen.sharesToSell === shares && seen.pricePerShare.eq(price)) {
      throw new DuplicateSubmitError({ kind: "order", id: seen.id });
    }
    throw marketError("keyReused", 409);
  }
  const property = await tx.property.findUnique({
    where: { id: input.propertyId },
    select: { sharesSellable: true, title: true },
  });
  if (!property) throw marketError("propertyNotFound", 404);
  if (await tradingStoppedForExit(tx, input.propertyId)) throw marketError("tradingStopped", 409);
  if (!property.sharesSellable) throw marketError("sellingDisabled", 403);
  // The book first (ADR 0074): every command that may match takes it before any order or position.
  const book = await lockBook(tx, input.propertyId);
  const [position] = await tx.$queryRaw<{ shares: number; committed_shares: number }[]>`
    SELECT shares, committed_shares FROM user_property_positions
     WHERE user_id = ${input.sellerId}::uuid AND property_id = ${input.propertyId} FOR UPDATE`;
  const free = position ? position.shares - position.committed_shares : 0;
  if (free < shares) throw ownsTooFewError(free, shares);
  const band = await checkPriceBand(tx, input.propertyId, price, "pricePerShare");
  // A total too large for any column is answered with the band too.
  if (price.times(shares).gt(NUMERIC_16_2_MAX)) throw outOfBand(band, "pricePerShare");
  await refuseSelfCross(tx, { userId: input.sellerId, propertyId: input.propertyId, side: "sell", price });
  const committed = await tx.$executeRaw`
    UPDATE user_property_positions SET committed_shares = committed_shares + ${shares}, updated_at = now()
     WHERE user_id = ${input.sellerId}::uuid AND property_id = ${input.propertyId} AND shares - committed_shares >= ${shares}`;
  if (committed !== 1) throw ownsTooFewError(free, shares);
  const order = await tx.shareSellRequest.create({
    data: {
      id: orderId,
      sellerId: input.sellerId,
      propertyId: input.propertyId,
      sharesToSell: shares,
      remainingShares: shares,
      pricePerShare: price.toFixed(2),
      totalAmount: price.times(shares).toFixed(2),
      status: "active",
      expiresAt: orderExpiry(now),
      notes,
      idempotencyKey: key,
      // Taken under the book's lock: time priority is the order in which the book took orders.
      createdAt: new Date(),
    },
    select: { id: true },
  });
  await announceMarketChange(tx, { type: "listing", id: order.id, propertyId: input.propertyId, userIds: [input.sellerId] });
  const fills = book.halted ? 0 : await matchSellOrder(tx, order.id, { instant, now });
  return { orderId: order.id, shares, pricePerShare: price.toFixed(2), propertyTitle: property.title, fills };
}

/**
 * The seller withdraws an order: its open holds are released (funds back to their buyers)
 * and its unsold shares uncommitted. Only the seller, and only an active order.
 */
export async function cancelSellRequest(prisma: PrismaClient, input: { sellerId: string; orderId: string }, now = new Date()) {
  return runTransaction(prisma, "market.cancel-sell-request", async (tx) => {
    const order = await lockOrder(tx, input.orderId, now);
    if (!order || order.seller_id !== input.sellerId) throw marketError("orderNotFound", 404);
    if (order.status !== "active") throw marketError("orderInactive", 409);
    await closeOrder(tx, order, "cancelled", "Sell request cancelled by the seller", input.sellerId);
    return { orderId: order.id, propertyId: order.property_id };
  });
}

type ClosableOrder = { id: string; seller_id: string; property_id: string; remaining_shares: number };

/** Cancels or expires a locked active order: holds released, unsold shares uncommitted. */
export async function closeOrder(tx: Tx, order: ClosableOrder, status: "cancelled" | "expired", reason: string, actorId?: string) {
  const holds = await releaseOpenHoldsOfOrder(tx, order.id, status, reason, actorId);
  const closed = await tx.$executeRaw`
    UPDATE share_sell_requests SET status = ${status}::sell_request_status, updated_at = now()
     WHERE id = ${order.id}::uuid AND status = 'active'`;
  if (closed !== 1) throw marketError("orderInactive", 409);
  await tx.$executeRaw`
    UPDATE user_property_positions SET committed_shares = committed_shares - ${order.remaining_shares}, updated_at = now()
     WHERE user_id = ${order.seller_id}::uuid AND property_id = ${order.property_id}`;
  await announceMarketChange(tx, {
    type: `order-${status}`,
    id: order.id,
    propertyId: order.property_id,
    userIds: [order.seller_id, ...holds.map((h) => h.buyer_id)],
  });
}

export { MarketError };

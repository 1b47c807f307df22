import { runTransaction, type PrismaClient } from "~/services/db.server";
import { announceMarketChange, lockOrder, releaseClaimedHold } from "./order-locks.server";
import { closeOrder } from "./sell-requests.server";
import { expireBuyOrders } from "./buy-orders.server";
import { lockBookOfSellOrder, rematchReleasedShares } from "./matching.server";

export type ExpiryCounts = { holds: number; reservations: number; orders: number; buyOrders: number };

/**
 * Expires what ran out of time, each record in its own transaction and exactly once across
 * any number of workers: a record is claimed by a conditional status update under its
 * order's lock, and a worker that finds it already claimed passes over it. Holds past 60
 * minutes and reservations past their 72 hours return their funds (the pending journal is
 * voided) and their shares to the order; orders past 30 days release their shares;
 * buy orders past their expiry release their held money (ADR 0074).
 */
export async function expireMarket(prisma: PrismaClient, now = new Date(), { limit = 200 } = {}): Promise<ExpiryCounts> {
  const holds = await prisma.$queryRaw<{ id: string; order_id: string }[]>`
    SELECT id::text AS id, order_id::text AS order_id FROM share_buyer_holds
     WHERE hold_status = 'pending' AND hold_expires_at <= ${now} ORDER BY hold_expires_at LIMIT ${limit}`;
  const reservations = await prisma.$queryRaw<{ id: string; order_id: string }[]>`
    SELECT hold_id::text AS id, order_id::text AS order_id FROM share_reservations
     WHERE status = 'active' AND expires_at <= ${now} ORDER BY expires_at LIMIT ${limit}`;
  const orders = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_sell_requests WHERE status = 'active' AND expires_at <= ${now} ORDER BY expires_at LIMIT ${limit}`;

  const counts: ExpiryCounts = { holds: 0, reservations: 0, orders: 0, buyOrders: 0 };
  for (const hold of holds) if (await expireHold(prisma, hold, "pending", now)) counts.holds++;
  for (const hold of reservations) if (await expireHold(prisma, hold, "reserved", now)) counts.reservations++;
  for (const order of orders) if (await expireOrder(prisma, order.id, now)) counts.orders++;
  counts.buyOrders = await expireBuyOrders(prisma, now, limit);
  return counts;
}

async function expireHold(prisma: PrismaClient, ref: { id: string; order_id: string }, from: "pending" | "reserved", now: Date) {
  return runTransaction(prisma, "market.expire-hold", async (tx) => {
    const book = await lockBookOfSellOrder(tx, ref.order_id);
    await lockOrder(tx, ref.order_id, now);
    const [hold] = await tx.$queryRaw<
      { id: string; order_id: string; journal_id: string | null; shares: number; buyer_id: string; seller_id: string }[]
    >`
      UPDATE share_buyer_holds h SET hold_status = 'expired', updated_at = now()
       WHERE h.id = ${ref.id}::uuid AND h.hold_status = ${from}::hold_status
         AND (${from} <> 'pending' OR h.hold_expires_at <= ${now})
         AND (${from} <> 'reserved' OR EXISTS (SELECT 1 FROM share_reservations r WHERE r.hold_id = h.id AND r.status = 'active' AND r.expires_at <= ${now}))
      RETURNING h.id::text AS id, h.order_id::text AS order_id, h.journal_id::text AS journal_id, h.shares,
                h.buyer_id::text AS buyer_id, h.seller_id::text AS seller_id`;
    if (!hold) return false;
    await tx.$executeRaw`UPDATE share_reservations SET status = 'expired', updated_at = now() WHERE hold_id = ${hold.id}::uuid AND status = 'active'`;
    await releaseClaimedHold(tx, hold, from === "pending" ? "Hold expired" : "Reservation expired");
    // Matched against the clock, not `now`: a sweep run ahead of time must not match orders that are still live.
    await rematchReleasedShares(tx, book, hold.order_id, new Date());
    const [order] = await tx.$queryRaw<
      { property_id: string }[]
    >`SELECT property_id FROM share_sell_requests WHERE id = ${hold.order_id}::uuid`;
    await announceMarketChange(tx, {
      type: "hold-expired",
      id: hold.id,
      propertyId: order!.property_id,
      userIds: [hold.buyer_id, hold.seller_id],
    });
    return true;
  });
}

async function expireOrder(prisma: PrismaClient, orderId: string, now: Date) {
  return runTransaction(prisma, "market.expire-order", async (tx) => {
    const order = await lockOrder(tx, orderId, now);
    if (!order || order.status !== "active" || !order.expired) return false;
    await closeOrder(tx, order, "expired", "Sell request expired");
    return true;
  });
}

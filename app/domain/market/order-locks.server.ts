import type { PrismaClient, Tx } from "~/services/db.server";
import { ADMIN_CHANNEL, alertsChannel, marketChannel, type LiveChannel } from "~/lib/live-channels";
import { announceAfterCommit, publishAll } from "~/services/realtime/publish.server";
import { voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { isUuid } from "~/lib/uuid";

export type LockedOrder = {
  id: string;
  seller_id: string;
  property_id: string;
  property_title: string;
  shares_sellable: boolean;
  status: string;
  remaining_shares: number;
  held_shares: number;
  shares_to_sell: number;
  price_per_share: string;
  expired: boolean;
};

/**
 * Every market command that touches an order locks the order row first, then holds, then
 * positions (seller before buyer): one fixed order, so two commands never deadlock, and the
 * later of two racing commands sees what the earlier one committed. FOR NO KEY UPDATE, not FOR
 * UPDATE: a hold's confirm takes only its hold and needs the order's KEY SHARE for its
 * reservation's foreign key, which this lock leaves free (ADR 0099).
 */
export async function lockOrder(tx: Tx, orderId: string, now: Date): Promise<LockedOrder | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await tx.$queryRaw<LockedOrder[]>`
    SELECT o.id::text AS id, o.seller_id::text AS seller_id, o.property_id, p.title AS property_title,
           p.shares_sellable, o.status::text AS status, o.remaining_shares, o.held_shares, o.shares_to_sell,
           o.price_per_share::text AS price_per_share, o.expires_at <= ${now} AS expired
      FROM share_sell_requests o JOIN properties p ON p.id = o.property_id
     WHERE o.id = ${orderId}::uuid
       FOR NO KEY UPDATE OF o`;
  return order ?? null;
}

type OpenHold = { id: string; journal_id: string | null; shares: number; order_id: string };

/**
 * Releases one open hold (pending or reserved) the caller has already claimed with a
 * conditional status update: its funds go back to the buyer (the pending journal is voided,
 * once, which the ledger enforces) and its shares back to the order.
 */
export async function releaseClaimedHold(tx: Tx, hold: OpenHold, reason: string, actorId?: string): Promise<void> {
  if (hold.journal_id) await voidPendingJournal(tx, { pendingJournalId: hold.journal_id, reason, createdBy: actorId });
  await tx.$executeRaw`
    UPDATE share_sell_requests SET held_shares = held_shares - ${hold.shares}, updated_at = now() WHERE id = ${hold.order_id}::uuid`;
}

/**
 * Closes every open hold of an order (when the order is cancelled or expires): each is
 * claimed by a conditional update, its reservation released, its funds returned.
 */
export async function releaseOpenHoldsOfOrder(tx: Tx, orderId: string, status: "cancelled" | "expired", reason: string, actorId?: string) {
  const holds = await tx.$queryRaw<(OpenHold & { buyer_id: string })[]>`
    UPDATE share_buyer_holds SET hold_status = ${status}::hold_status, updated_at = now()
     WHERE order_id = ${orderId}::uuid AND hold_status IN ('pending', 'reserved')
    RETURNING id::text AS id, journal_id::text AS journal_id, shares, order_id::text AS order_id, buyer_id::text AS buyer_id`;
  for (const hold of holds) {
    await tx.$executeRaw`
      UPDATE share_reservations SET status = ${status === "expired" ? "expired" : "released"}::reservation_status, updated_at = now()
       WHERE hold_id = ${hold.id}::uuid AND status = 'active'`;
    await releaseClaimedHold(tx, hold, reason, actorId);
  }
  return holds;
}

/**
 * Tells open pages a listing changed: the property's market, the seller's (and buyer's)
 * own pages through their alerts channel, and the admins. Sent inside the transaction, so
 * PostgreSQL delivers it only if the change commits.
 */
export async function announceMarketChange(tx: Tx, change: MarketChange): Promise<void> {
  await publishAll(marketChangeEvents(change), tx);
}

type MarketChange = { type: string; id: string; propertyId: string; userIds: string[] };

function marketChangeEvents(change: MarketChange) {
  const channels: LiveChannel[] = [marketChannel(change.propertyId), ADMIN_CHANNEL, ...[...new Set(change.userIds)].map(alertsChannel)];
  return channels.map((channel) => ({ channel, type: change.type, id: change.id }));
}

/**
 * The same announcement for a market command that has already committed (one call of a
 * market function, ADR 0115), with a new alert's own event before it when there is one.
 * Notifying inside the function made every market commit queue for PostgreSQL's one
 * notification lock.
 */
export function announceCommittedMarketChange(
  prisma: PrismaClient,
  change: MarketChange,
  alert?: { userId: string; alertId: string | null },
): void {
  const alertEvents = alert?.alertId ? [{ channel: alertsChannel(alert.userId), type: "alert", id: alert.alertId }] : [];
  announceAfterCommit(prisma, { events: [...alertEvents, ...marketChangeEvents(change)] });
}

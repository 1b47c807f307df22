import type { Tx } from "~/services/db.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { lockOrder } from "~/domain/market/order-locks.server";
import { closeOrder } from "~/domain/market/sell-requests.server";
import { cancelBuyOrdersForProperty } from "~/domain/market/buy-orders.server";

export type StoppedTrading = { ordersCancelled: number; bidsCancelled: number; holdsVoided: number; reservationsCancelled: number };

const REASON = "Cancelled: the property is being sold";

/**
 * Stops all trading in a property whose sale was agreed, inside the agreement's transaction:
 * every resting buy order is cancelled (its hold voided, ADR 0074), every open sell request
 * cancelled (its shares uncommitted), every buyer hold on it voided (its pending journal voided,
 * the funds back in the buyer's wallet) and every reservation released, each once, by the
 * market's own closeOrder. This is the one place trading stops for an exit.
 *
 * Locks: the property's order book, then the open orders (as every market command does), then the property's row, which
 * the database's exit_refuse_trading reads FOR SHARE; a listing that committed meanwhile is
 * seen by the second read and cancelled with the rest.
 */
export async function stopTradingForExit(tx: Tx, input: { propertyId: string; adminId: string; now: Date }): Promise<StoppedTrading> {
  // The resting bids first: they take the property's book lock, which every matching command
  // takes before any order, so this stop waits for a match under way and none starts after it.
  const bidsCancelled = await cancelBuyOrdersForProperty(tx, input.propertyId, REASON, input.adminId);
  await tx.$queryRaw`
    SELECT id FROM share_sell_requests WHERE property_id = ${input.propertyId} AND status = 'active' ORDER BY id FOR NO KEY UPDATE`;
  await tx.$executeRaw`UPDATE properties SET shares_sellable = false, updated_at = now() WHERE id = ${input.propertyId}`;
  const orders = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_sell_requests WHERE property_id = ${input.propertyId} AND status = 'active' ORDER BY id`;
  const [open] = await tx.$queryRaw<{ holds: number; reservations: number }[]>`
    SELECT count(*)::int AS holds, count(r.id)::int AS reservations
      FROM share_buyer_holds h JOIN share_sell_requests o ON o.id = h.order_id
      LEFT JOIN share_reservations r ON r.hold_id = h.id AND r.status = 'active'
     WHERE o.property_id = ${input.propertyId} AND o.status = 'active' AND h.hold_status IN ('pending', 'reserved')`;
  const buyers = await tx.$queryRaw<{ buyer_id: string }[]>`
    SELECT DISTINCT h.buyer_id::text AS buyer_id
      FROM share_buyer_holds h JOIN share_sell_requests o ON o.id = h.order_id
     WHERE o.property_id = ${input.propertyId} AND o.status = 'active' AND h.hold_status IN ('pending', 'reserved')`;
  for (const { id } of orders) {
    const order = await lockOrder(tx, id, input.now);
    if (order && order.status === "active") await closeOrder(tx, order, "cancelled", REASON, input.adminId);
  }
  for (const { buyer_id } of buyers) {
    await createUserAlert(tx, {
      userId: buyer_id,
      propertyId: input.propertyId,
      alertType: "hold_released",
      title: "Your hold was released",
      message: "The property is being sold, so trading in it has stopped: the funds you had on hold are back in your wallet.",
    });
  }
  return { ordersCancelled: orders.length, bidsCancelled, holdsVoided: open?.holds ?? 0, reservationsCancelled: open?.reservations ?? 0 };
}

import { runTransaction, type PrismaClient } from "~/services/db.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { announceMarketChange, lockOrder } from "./order-locks.server";
import { lockBook, matchesSettleAtOnce, matchWholeBook } from "./matching.server";
import { closeOrder } from "./sell-requests.server";
import { marketError, MarketError } from "./market-errors";
import { marketErrors } from "./market-calls.server";

const reasonOf = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 500) : "");

/** An admin halts trading in a property: orders stay, nothing matches until trading resumes. Audited. */
export async function haltTrading(prisma: PrismaClient, input: { adminId: string; propertyId: string; reason: unknown }) {
  const reason = reasonOf(input.reason);
  if (!reason) throw new MarketError("reason_required", "Please give a reason for halting trading", 422, "reason");
  return runTransaction(prisma, "market.halt", async (tx) => {
    const property = await tx.property.findUnique({ where: { id: input.propertyId }, select: { id: true } });
    if (!property) throw marketError("propertyNotFound", 404);
    const book = await lockBook(tx, input.propertyId);
    if (book.halted) throw new MarketError("already_halted", "Trading in this property is already halted.", 409);
    await tx.marketBook.update({
      where: { propertyId: input.propertyId },
      data: { halted: true, haltReason: reason, haltedBy: input.adminId, haltedAt: new Date(), updatedAt: new Date() },
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "market.halt",
      targetType: "property",
      targetId: input.propertyId,
      before: { halted: false },
      after: { halted: true },
      note: reason,
    });
    await announceMarketChange(tx, { type: "halted", id: input.propertyId, propertyId: input.propertyId, userIds: [] });
  });
}

/** Trading resumes: the book is matched again at once (the older order of each crossing pair sets the price). Audited. */
export async function resumeTrading(
  prisma: PrismaClient,
  input: { adminId: string; propertyId: string },
  options: { instant?: boolean; now?: Date } = {},
) {
  const instant = options.instant ?? matchesSettleAtOnce();
  return runTransaction(
    prisma,
    "market.resume",
    async (tx) => {
      const book = await lockBook(tx, input.propertyId);
      if (!book.halted) throw new MarketError("not_halted", "Trading in this property is not halted.", 409);
      await tx.marketBook.update({
        where: { propertyId: input.propertyId },
        data: { halted: false, haltReason: null, haltedBy: null, haltedAt: null, updatedAt: new Date() },
      });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "market.resume",
        targetType: "property",
        targetId: input.propertyId,
        before: { halted: true },
        after: { halted: false },
      });
      const fills = await matchWholeBook(tx, input.propertyId, { instant, now: options.now ?? new Date() });
      await announceMarketChange(tx, { type: "resumed", id: input.propertyId, propertyId: input.propertyId, userIds: [] });
      return { fills };
    },
    { errors: marketErrors() },
  );
}

/** An admin cancels any active sell order with a reason: its open holds are released and its shares uncommitted. Audited. */
export async function adminCancelSellOrder(prisma: PrismaClient, input: { adminId: string; orderId: string; reason: unknown }) {
  const reason = reasonOf(input.reason);
  if (!reason) throw new MarketError("reason_required", "Please give a reason for cancelling this order", 422, "reason");
  return runTransaction(prisma, "market.admin-cancel-sell-order", async (tx) => {
    const now = new Date();
    const order = await lockOrder(tx, input.orderId, now);
    if (!order) throw marketError("orderNotFound", 404);
    if (order.status !== "active") throw marketError("orderInactive", 409);
    await closeOrder(tx, order, "cancelled", `Sell request cancelled by an admin: ${reason}`, input.adminId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "sell_order.cancel",
      targetType: "share_sell_request",
      targetId: order.id,
      before: { status: "active" },
      after: { status: "cancelled" },
      note: reason,
    });
    return { orderId: order.id, propertyId: order.property_id };
  });
}

import type { PrismaClient } from "~/services/db.server";

/** A checkout left unpaid this long is over (Razorpay's own checkout session ends far sooner). */
export const CREATED_ORDER_HOURS = 24;
/** An authorised payment the bank never confirmed: Razorpay refunds it to the payer within 5 days. */
export const PENDING_ORDER_DAYS = 5;

/**
 * Ends gateway orders left 'created' or 'pending' (ADR 0064): no money is held for them, so
 * expiring one moves none; it only stops the order counting towards the day's limit and tells
 * the investor's payment list the truth. A capture that arrives after all is still credited
 * (applyGatewayPaymentIn treats an expired order like an open one), so no rupee is lost.
 */
export async function expirePaymentOrders(prisma: PrismaClient, now = new Date()): Promise<{ paymentOrders: number }> {
  const createdBefore = new Date(now.getTime() - CREATED_ORDER_HOURS * 3_600_000);
  const pendingBefore = new Date(now.getTime() - PENDING_ORDER_DAYS * 86_400_000);
  const count = await prisma.$executeRaw`
    UPDATE payment_orders SET status = 'expired', failure_reason = 'Not paid in time', updated_at = ${now}
     WHERE (status = 'created' AND created_at < ${createdBefore}) OR (status = 'pending' AND updated_at < ${pendingBefore})`;
  return { paymentOrders: count };
}

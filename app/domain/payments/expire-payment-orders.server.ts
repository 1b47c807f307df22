import { debitFailedIn } from "~/domain/plans/run-plans.server";
import { runTransaction, type PrismaClient } from "~/services/db.server";

/** A checkout left unpaid this long is over (Razorpay's own checkout session ends far sooner). */
export const CREATED_ORDER_HOURS = 24;
/** An authorised payment the bank never confirmed: Razorpay refunds it to the payer within 5 days. */
export const PENDING_ORDER_DAYS = 5;
/** What an expired order says. */
export const NOT_PAID_IN_TIME = "Not paid in time";
/** What a plan month whose debit expired tells the investor (a late capture is still credited, above). */
export const DEBIT_NOT_CONFIRMED = "your bank did not confirm it in time; if it confirms later, the money is added to your wallet";

/**
 * Ends gateway orders left 'created' or 'pending' (ADR 0064): no money is held for them, so
 * expiring one moves none; it only stops the order counting towards the day's limit and tells
 * the investor's payment list the truth. A capture that arrives after all is still credited
 * (applyGatewayPaymentIn treats an expired order like an open one), so no rupee is lost.
 * A monthly plan's AutoPay debit that never got the bank's answer ends its month too, in the
 * same transaction, as a refused debit does (the investor is told; next month debits again).
 */
export async function expirePaymentOrders(prisma: PrismaClient, now = new Date()): Promise<{ paymentOrders: number }> {
  const createdBefore = new Date(now.getTime() - CREATED_ORDER_HOURS * 3_600_000);
  const pendingBefore = new Date(now.getTime() - PENDING_ORDER_DAYS * 86_400_000);
  return runTransaction(prisma, "payments.expire-orders", async (tx) => {
    const expired = await tx.$queryRaw<{ id: string; plan_run_id: string | null }[]>`
      UPDATE payment_orders SET status = 'expired', failure_reason = ${NOT_PAID_IN_TIME}, updated_at = ${now}
       WHERE (status = 'created' AND created_at < ${createdBefore}) OR (status = 'pending' AND updated_at < ${pendingBefore})
      RETURNING id::text AS id, plan_run_id::text AS plan_run_id`;
    for (const order of expired) if (order.plan_run_id) await debitFailedIn(tx, order.id, DEBIT_NOT_CONFIRMED, now);
    return { paymentOrders: expired.length };
  });
}

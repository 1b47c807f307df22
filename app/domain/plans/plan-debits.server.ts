import { Decimal } from "~/lib/money";
import type { PrismaClient, Tx } from "~/services/db.server";
import type { PaymentGateway } from "~/services/payments/gateway";
import { paiseOf, PLAN_DEBIT_PURPOSE } from "./plan-mandates.server";

/**
 * A mandate plan's month is collected before it is invested (ADR 0077): a payment order of
 * purpose 'plan_debit', one per run (unique), created at the provider and charged against the
 * token. The provider's answer comes by webhook and is credited to the wallet by the one
 * deposit crediting function; these hooks, run in that same transaction under the order's row
 * lock, move the run on: 'funded' (ready to buy) or 'failed' with the bank's reason.
 */

export type DebitState = "paid" | "failed" | "waiting";

type DebitOrder = { id: string; status: string; provider_order_id: string | null; failure_reason: string | null };

/**
 * Charges the mandate for the run once: the order row is written first under the run's unique
 * key, created at the provider once (a retry finds it), and charged while it is still 'created'.
 * Answers what the order says now; the caller decides under the order's lock.
 */
export async function chargeMandate(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: {
    runId: string;
    userId: string;
    planId: string;
    period: string;
    amount: Decimal;
    customerId: string;
    tokenId: string;
    email: string;
    contact: string | null;
  },
): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO payment_orders (user_id, purpose, amount, provider, idempotency_key, plan_run_id)
    VALUES (${input.userId}::uuid, ${PLAN_DEBIT_PURPOSE}, ${input.amount.toFixed(2)}::numeric, ${gateway.name}, ${`plan-debit-${input.runId}`}, ${input.runId}::uuid)
    ON CONFLICT (plan_run_id) DO NOTHING`;
  let order = await debitOrder(prisma, input.runId);
  if (order.status !== "created") return;
  if (!order.provider_order_id) {
    const created = await gateway.createOrder({
      amountPaise: paiseOf(input.amount),
      receipt: order.id,
      notes: { purpose: "monthly plan debit", plan: input.planId, period: input.period },
    });
    await prisma.paymentOrder.updateMany({
      where: { id: order.id, providerOrderId: null },
      data: { providerOrderId: created.id, updatedAt: new Date() },
    });
    order = await debitOrder(prisma, input.runId);
  }
  await gateway.createRecurringPayment({
    orderId: order.provider_order_id!,
    customerId: input.customerId,
    tokenId: input.tokenId,
    amountPaise: paiseOf(input.amount),
    email: input.email,
    contact: input.contact,
    description: `Aangan monthly plan ${input.period}`,
  });
  // Charged: the order waits for the bank's answer. A capture already credited is left as it is.
  await prisma.paymentOrder.updateMany({
    where: { id: order.id, status: "created" },
    data: { status: "pending", method: "upi", updatedAt: new Date() },
  });
}

async function debitOrder(db: PrismaClient | Tx, runId: string, lock = false): Promise<DebitOrder> {
  const rows = lock
    ? await db.$queryRaw<DebitOrder[]>`
        SELECT id::text AS id, status, provider_order_id, failure_reason FROM payment_orders WHERE plan_run_id = ${runId}::uuid FOR UPDATE`
    : await db.$queryRaw<DebitOrder[]>`
        SELECT id::text AS id, status, provider_order_id, failure_reason FROM payment_orders WHERE plan_run_id = ${runId}::uuid`;
  if (!rows[0]) throw new Error(`run ${runId} has no debit order`);
  return rows[0];
}

/** The run's debit as it stands, read under the order's lock (so a webhook is either before or after). */
export async function debitStateIn(tx: Tx, runId: string): Promise<{ state: DebitState; failureReason: string | null }> {
  const order = await debitOrder(tx, runId, true);
  if (order.status === "paid") return { state: "paid", failureReason: null };
  if (order.status === "failed" || order.status === "quarantined") return { state: "failed", failureReason: order.failure_reason };
  return { state: "waiting", failureReason: null };
}

/** After the debit was credited to the wallet: a run waiting for it may buy. */
export async function markDebitFundedIn(tx: Tx, paymentOrderId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE investment_plan_runs SET status = 'funded'
     WHERE id = (SELECT plan_run_id FROM payment_orders WHERE id = ${paymentOrderId}::uuid) AND status = 'awaiting_debit'`;
}

/** The bank refused the debit: the run waiting for it ends, and says so. Answers the run, if it was waiting. */
export async function markDebitFailedIn(tx: Tx, paymentOrderId: string, now: Date): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE investment_plan_runs SET status = 'failed', reason = 'debit_failed', finished_at = ${now}
     WHERE id = (SELECT plan_run_id FROM payment_orders WHERE id = ${paymentOrderId}::uuid) AND status = 'awaiting_debit'
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

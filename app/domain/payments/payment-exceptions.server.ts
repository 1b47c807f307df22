import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { gatewayClearing } from "~/domain/ledger/accounts.server";
import { DEPOSIT_PROCESSING_FEE } from "~/domain/wallet/fund-request-rules";
import { creditDeposit } from "~/domain/wallet/credit-deposit.server";
import { isUuid } from "~/lib/uuid";
import { Decimal, formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { GatewayError, type PaymentGateway } from "~/services/payments/gateway";
import { PaymentError, toPaise } from "./gateway-deposits.server";

export type ExceptionDecision = "refund" | "credit";

type Claimed = { id: string; user_id: string; purpose: string; provider_payment_id: string; paid_amount: string; reason: string };

/**
 * An admin decides a quarantined payment (ADR 0064): refund it to the payer through the
 * gateway, or credit it to the wallet as a deposit (at most `maxCredit`, the per-request
 * deposit limit; a larger one can only be refunded). The exception is claimed by a
 * conditional update first, so two admins deciding together act once; a credit is keyed by
 * the payment, so no other path can credit it again; a refund the gateway refuses leaves the
 * exception open to decide again.
 */
export async function decidePaymentException(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { adminId: string; exceptionId: string; decision: ExceptionDecision; maxCredit: Decimal.Value },
): Promise<{ decision: ExceptionDecision; amount: string }> {
  if (!isUuid(input.exceptionId)) throw new PaymentError("not_found", "That payment is not waiting for a decision.", 404);
  if (input.decision === "credit") return credit(prisma, input);

  const claimed = await claim(prisma, input.exceptionId, "refund_requested");
  let refund: { id: string };
  try {
    refund = await gateway.refundPayment({
      paymentId: claimed.provider_payment_id,
      amountPaise: toPaise(claimed.paid_amount),
      receipt: claimed.id,
    });
  } catch (error) {
    await prisma.$executeRaw`
      UPDATE payment_exceptions SET resolution = NULL WHERE id = ${claimed.id}::uuid AND resolution = 'refund_requested'`;
    if (error instanceof GatewayError)
      throw new PaymentError("refund_failed", "The gateway did not accept the refund. Nothing changed; please try again.", 502);
    throw error;
  }
  await runTransaction(prisma, "payments.exception-refunded", async (tx) => {
    // The gateway's refund.processed may have recorded it first (applyRefundIn): then the
    // investor was told already, and only the admin's name and the audit entry are added.
    const [recorded] = await tx.$queryRaw<{ before: string }[]>`
      UPDATE payment_exceptions x SET resolution = 'refunded', refund_id = ${refund.id}, resolved_at = COALESCE(b.resolved_at, now()),
             resolved_by = ${input.adminId}::uuid
        FROM (SELECT id, resolution, resolved_at FROM payment_exceptions WHERE id = ${claimed.id}::uuid FOR UPDATE) b
       WHERE x.id = b.id
         AND (x.resolution = 'refund_requested' OR (x.resolution = 'refunded' AND x.refund_id = ${refund.id} AND x.resolved_by IS NULL))
      RETURNING b.resolution AS before`;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "payments.exception_refund",
      targetType: "payment_exception",
      targetId: claimed.id,
      after: { refundId: refund.id, amount: claimed.paid_amount, paymentId: claimed.provider_payment_id },
    });
    if (recorded?.before === "refund_requested")
      await tellRefunded(tx, claimed.user_id, claimed.provider_payment_id, claimed.paid_amount, refund.id);
  });
  return { decision: "refund", amount: claimed.paid_amount };
}

function tellRefunded(tx: Tx, userId: string, paymentId: string, amount: string, refundId: string) {
  return createUserAlert(tx, {
    userId,
    alertType: "funds_added",
    title: "Payment Refunded",
    message: `Your payment ${paymentId} of ${formatINR(amount, { paise: true })} did not match its order and was refunded to you (refund ${refundId}). Banks take up to 7 working days to show it.`,
  });
}

export type RefundOutcome = "refund_recorded" | "refund_already_recorded" | "refund_not_ours";

/**
 * The gateway's word that a refund went through (`refund.processed`, ADR 0081). An admin's
 * refund of a quarantined payment is recorded when the gateway accepts it; if the process died
 * in between (or the gateway's answer was lost), the exception is left "refund requested" or
 * undecided, and this records it refunded once, so nobody credits it afterwards (the investor
 * is told then). A refund of a payment that is not a quarantined one (made in the gateway's
 * dashboard) is logged for the team.
 */
export async function applyRefundIn(tx: Tx, refund: { id: string; paymentId: string; amount: number }): Promise<RefundOutcome> {
  const [row] = await tx.$queryRaw<{ user_id: string; paid_amount: string }[]>`
    UPDATE payment_exceptions x SET resolution = 'refunded', refund_id = ${refund.id}, resolved_at = now()
      FROM payment_orders o
     WHERE x.provider_payment_id = ${refund.paymentId} AND (x.resolution = 'refund_requested' OR x.resolution IS NULL)
       AND x.paid_amount * 100 = ${refund.amount} AND o.id = x.payment_order_id
    RETURNING o.user_id::text AS user_id, x.paid_amount::text AS paid_amount`;
  if (row) {
    await tellRefunded(tx, row.user_id, refund.paymentId, row.paid_amount, refund.id);
    return "refund_recorded";
  }
  const known = await tx.paymentException.count({
    where: { providerPaymentId: refund.paymentId, resolution: "refunded", refundId: refund.id },
  });
  if (known > 0) return "refund_already_recorded";
  logger.warn(
    { refundId: refund.id, paymentId: refund.paymentId, amountPaise: refund.amount },
    "a refund the app did not make; see the reconciliation",
  );
  return "refund_not_ours";
}

async function credit(
  prisma: PrismaClient,
  input: { adminId: string; exceptionId: string; maxCredit: Decimal.Value },
): Promise<{ decision: ExceptionDecision; amount: string }> {
  return runTransaction(prisma, "payments.exception-credited", async (tx) => {
    const [row] = await tx.$queryRaw<Claimed[]>`
      SELECT x.id::text AS id, o.user_id::text AS user_id, o.purpose, x.provider_payment_id, x.paid_amount::text AS paid_amount, x.reason
        FROM payment_exceptions x JOIN payment_orders o ON o.id = x.payment_order_id
       WHERE x.id = ${input.exceptionId}::uuid FOR UPDATE OF x`;
    if (!row) throw new PaymentError("not_found", "That payment is not waiting for a decision.", 404);
    const decided = await tx.paymentException.findUniqueOrThrow({ where: { id: row.id }, select: { resolution: true } });
    if (decided.resolution) throw new PaymentError("already_decided", "This payment was already decided by another admin.", 409);
    if (row.purpose !== "deposit")
      throw new PaymentError("not_a_deposit", "Only a wallet deposit can be credited; refund this payment instead.", 409);
    const paid = new Decimal(row.paid_amount);
    if (paid.lte(DEPOSIT_PROCESSING_FEE) || paid.gt(input.maxCredit))
      throw new PaymentError(
        "cannot_credit",
        `A deposit credits more than the ${formatINR(DEPOSIT_PROCESSING_FEE)} fee and at most ${formatINR(input.maxCredit)}; refund this payment instead.`,
        409,
      );
    const credited = await creditDeposit(tx, {
      userId: row.user_id,
      received: paid,
      from: gatewayClearing,
      source: `payment ${row.provider_payment_id}, accepted by our team`,
      keyPrefix: `payment:exception:${row.provider_payment_id}`,
      referenceId: row.id,
      createdBy: input.adminId,
    });
    await tx.paymentException.update({
      where: { id: row.id },
      data: { resolution: "credited", journalId: credited.journalId, resolvedAt: new Date(), resolvedBy: input.adminId },
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "payments.exception_credit",
      targetType: "payment_exception",
      targetId: row.id,
      after: { journalId: credited.journalId, received: credited.received, credited: credited.credited },
    });
    await createUserAlert(tx, {
      userId: row.user_id,
      alertType: "funds_added",
      title: "Funds Added",
      message: `Your payment ${row.provider_payment_id} of ${formatINR(credited.received, { paise: true })} was checked by our team; after the ${formatINR(DEPOSIT_PROCESSING_FEE, { paise: true })} processing fee, ${formatINR(credited.credited, { paise: true })} was added to your wallet.`,
    });
    return { decision: "credit" as const, amount: credited.received };
  });
}

/** Takes an open exception for one admin's decision; another admin's concurrent claim gets 409. */
async function claim(prisma: PrismaClient, exceptionId: string, resolution: "refund_requested"): Promise<Claimed> {
  const [row] = await prisma.$queryRaw<Claimed[]>`
    UPDATE payment_exceptions x SET resolution = ${resolution}
      FROM payment_orders o
     WHERE x.id = ${exceptionId}::uuid AND x.resolution IS NULL AND o.id = x.payment_order_id
    RETURNING x.id::text AS id, o.user_id::text AS user_id, o.purpose, x.provider_payment_id, x.paid_amount::text AS paid_amount, x.reason`;
  if (row) return row;
  const exists = await prisma.paymentException.findUnique({ where: { id: exceptionId }, select: { id: true } });
  if (!exists) throw new PaymentError("not_found", "That payment is not waiting for a decision.", 404);
  throw new PaymentError("already_decided", "This payment was already decided by another admin.", 409);
}

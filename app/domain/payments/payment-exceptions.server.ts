import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { gatewayClearing } from "~/domain/ledger/accounts.server";
import { DEPOSIT_PROCESSING_FEE } from "~/domain/wallet/fund-request-rules";
import { creditDeposit } from "~/domain/wallet/credit-deposit.server";
import { isUuid } from "~/lib/uuid";
import { Decimal, formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient } from "~/services/db.server";
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
    await tx.$executeRaw`
      UPDATE payment_exceptions SET resolution = 'refunded', refund_id = ${refund.id}, resolved_at = now(), resolved_by = ${input.adminId}::uuid
       WHERE id = ${claimed.id}::uuid AND resolution = 'refund_requested'`;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "payments.exception_refund",
      targetType: "payment_exception",
      targetId: claimed.id,
      after: { refundId: refund.id, amount: claimed.paid_amount, paymentId: claimed.provider_payment_id },
    });
    await createUserAlert(tx, {
      userId: claimed.user_id,
      alertType: "funds_added",
      title: "Payment Refunded",
      message: `Your payment ${claimed.provider_payment_id} of ${formatINR(claimed.paid_amount, { paise: true })} did not match its order and was refunded to you (refund ${refund.id}). Banks take up to 7 working days to show it.`,
    });
  });
  return { decision: "refund", amount: claimed.paid_amount };
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

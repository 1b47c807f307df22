import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { gatewayClearing } from "~/domain/ledger/accounts.server";
import { creditDeposit } from "~/domain/wallet/credit-deposit.server";
import {
  DEFAULT_FUND_LIMITS,
  DEPOSIT_PROCESSING_FEE,
  checkDailyLimit,
  parseFundAmount,
  type FundLimits,
} from "~/domain/wallet/fund-request-rules";
import { kycRequiredForFunds, startOfIndiaDay } from "~/domain/wallet/request-funds.server";
import { applyPremiumPayment, PREMIUM_PURPOSE } from "~/domain/subscriptions/premium-payment.server";
import { markDebitFundedIn } from "~/domain/plans/plan-debits.server";
import { PLAN_DEBIT_PURPOSE } from "~/domain/plans/plan-mandates.server";
import { debitFailedIn } from "~/domain/plans/run-plans.server";
import { ADMIN_CHANNEL, alertsChannel } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { isUniqueViolation, runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import type { GatewayPayment, PaymentGateway } from "~/services/payments/gateway";
import { publishAll } from "~/services/realtime/publish.server";

export class PaymentError extends DomainError {}

export const FUNDS_ADDED_TITLE = "Funds Added";

export type GatewayDepositInput = {
  userId: string;
  /** As typed; parsed by the one rupee parser with the deposit limits. */
  amount: unknown;
  idempotencyKey: string;
  limits?: FundLimits;
};

export type PaymentOrderView = {
  id: string;
  purpose: string;
  amount: string;
  status: string;
  providerOrderId: string | null;
  providerPaymentId: string | null;
};

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** Rupees as the gateway's integer paise (exact: Decimal, then a whole number). */
export const toPaise = (amount: Decimal.Value) => Number(new Decimal(amount).times(100).toFixed(0));
const fromPaise = (paise: number) => new Decimal(paise).dividedBy(100);

/**
 * An investor starts paying into their wallet through the gateway (ADR 0061): the order is
 * recorded here first, under the form's idempotency key (a resubmitted form finds it again),
 * with the deposit rules of a fund request (KYC approved, minimum ₹1,000, the per-request
 * and per-day limits, the day counting tickets and gateway orders alike); then created at
 * the gateway with our id as its receipt. Nothing is credited until the gateway says the
 * payment was captured.
 */
export async function startGatewayDeposit(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: GatewayDepositInput,
  now = new Date(),
): Promise<PaymentOrderView> {
  const limits = input.limits ?? DEFAULT_FUND_LIMITS;
  const parsed = parseFundAmount(input.amount, limits);
  if (!parsed.ok) throw new PaymentError("invalid_amount", parsed.message, 400, "amount");
  if (!KEY_PATTERN.test(input.idempotencyKey))
    throw new PaymentError("bad_key", "This form has expired. Please reload the page and try again.", 400);
  const amount = parsed.amount.toFixed(2);

  // The same form sent twice at once: the second insert of its key loses to the first, and
  // the transaction run again finds the first's order (a double tap is one order, never a 500).
  const record = () =>
    runTransaction(prisma, "payments.start-deposit", async (tx) => {
      const profile = await tx.userProfile.findUnique({ where: { id: input.userId }, select: { kycStatus: true } });
      if (!profile) throw new PaymentError("not_found", "Please sign in to manage funds", 401);
      if (profile.kycStatus !== "approved") throw kycRequiredForFunds();
      const seen = await tx.paymentOrder.findUnique({
        where: { userId_idempotencyKey: { userId: input.userId, idempotencyKey: input.idempotencyKey } },
      });
      if (seen) {
        if (!seen.amount.equals(amount))
          throw new PaymentError("key_reused", "This form was already used for another amount. Please start again.", 409);
        return seen;
      }
      // Under the wallet's lock, so two payments of one investor cannot both fit in what is left today.
      await tx.$queryRaw`SELECT 1 FROM escrow_balances WHERE user_id = ${input.userId}::uuid FOR UPDATE`;
      const [today] = await tx.$queryRaw<{ total: string }[]>`
      SELECT (COALESCE((SELECT SUM(amount) FROM support_tickets
                          WHERE user_id = ${input.userId}::uuid AND ticket_type = 'add_funds' AND created_at >= ${startOfIndiaDay(now)}), 0)
            + COALESCE((SELECT SUM(amount) FROM payment_orders
                          WHERE user_id = ${input.userId}::uuid AND purpose = 'deposit' AND status NOT IN ('failed', 'expired') AND created_at >= ${startOfIndiaDay(now)}), 0))::text AS total`;
      const daily = checkDailyLimit(parsed.amount, today?.total ?? "0", limits);
      if (!daily.ok) throw new PaymentError("daily_limit", daily.message, 400, "amount");
      return tx.paymentOrder.create({
        data: {
          userId: input.userId,
          amount,
          provider: gateway.name,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
          updatedAt: now,
        },
      });
    });
  const order = await record().catch((error: unknown) => {
    if (isUniqueViolation(error)) return record();
    throw error;
  });
  if (order.providerOrderId) return view(order);

  // Outside any transaction: a slow gateway holds no lock. A crash here leaves an order the
  // gateway never saw; the same form, sent again, creates it then.
  const created = await gateway.createOrder({ amountPaise: toPaise(amount), receipt: order.id, notes: { purpose: "wallet deposit" } });
  if (created.amount !== toPaise(amount))
    throw new Error(`gateway order ${created.id} is for ${created.amount} paise, not ${toPaise(amount)}`);
  const updated = await prisma.paymentOrder.updateMany({
    where: { id: order.id, providerOrderId: null },
    data: { providerOrderId: created.id, updatedAt: new Date() },
  });
  if (updated.count === 0) return view(await prisma.paymentOrder.findUniqueOrThrow({ where: { id: order.id } }));
  return view({ ...order, providerOrderId: created.id });
}

function view(order: {
  id: string;
  purpose: string;
  amount: Decimal;
  status: string;
  providerOrderId: string | null;
  providerPaymentId: string | null;
}): PaymentOrderView {
  return {
    id: order.id,
    purpose: order.purpose,
    amount: order.amount.toFixed(2),
    status: order.status,
    providerOrderId: order.providerOrderId,
    providerPaymentId: order.providerPaymentId,
  };
}

/** The investor's latest gateway payments, newest first. */
export async function listOwnPayments(prisma: Db, userId: string, take = 5) {
  const rows = await prisma.paymentOrder.findMany({
    where: { userId, purpose: "deposit" },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, amount: true, status: true, createdAt: true },
  });
  return rows.map((row) => ({ id: row.id, amount: row.amount.toFixed(2), status: row.status, createdAt: row.createdAt.toISOString() }));
}

export type PaymentOutcome =
  "credited" | "already_credited" | "quarantined" | "failed_recorded" | "pending_recorded" | "ignored" | "unknown_order";

type LockedOrder = {
  id: string;
  user_id: string;
  purpose: string;
  amount: string;
  status: string;
  provider_payment_id: string | null;
  email: string;
  full_name: string | null;
};

/** What one payment means for its order, applied under the order's row lock; safe to repeat. */
export async function applyGatewayPaymentIn(tx: Tx, provider: string, payment: GatewayPayment, now = new Date()): Promise<PaymentOutcome> {
  const [order] = await tx.$queryRaw<LockedOrder[]>`
    SELECT o.id::text AS id, o.user_id::text AS user_id, o.purpose, o.amount::text AS amount, o.status, o.provider_payment_id,
           u.email, u.full_name
      FROM payment_orders o JOIN user_profiles u ON u.user_id = o.user_id
     WHERE o.provider = ${provider} AND o.provider_order_id = ${payment.orderId}
       FOR UPDATE OF o`;
  if (!order) return "unknown_order";

  if (payment.status === "failed") {
    if (order.status !== "created" && order.status !== "pending" && order.status !== "expired") return "ignored";
    const failureReason = (payment.errorDescription ?? "The payment failed").slice(0, 500);
    await tx.paymentOrder.update({ where: { id: order.id }, data: { status: "failed", failureReason, updatedAt: now } });
    // A monthly plan's UPI AutoPay debit (ADR 0077): the run waiting for it ends and says why.
    if (order.purpose === PLAN_DEBIT_PURPOSE) await debitFailedIn(tx, order.id, failureReason, now);
    await announce(tx, order.user_id);
    return "failed_recorded";
  }
  if (payment.status === "authorized" || payment.status === "created") {
    if (order.status !== "created" && order.status !== "failed" && order.status !== "expired") return "ignored";
    await tx.paymentOrder.update({ where: { id: order.id }, data: { status: "pending", method: payment.method, updatedAt: now } });
    await announce(tx, order.user_id);
    return "pending_recorded";
  }
  if (payment.status !== "captured") return "ignored";

  if (order.provider_payment_id === payment.id) return order.status === "paid" ? "already_credited" : "quarantined";
  const paid = fromPaise(payment.amount);
  if (order.status === "paid" || order.status === "quarantined" || payment.currency !== "INR" || !paid.equals(order.amount)) {
    const reason = order.status === "paid" || order.status === "quarantined" ? "second_payment" : "amount_mismatch";
    await tx.$executeRaw`
      INSERT INTO payment_exceptions (payment_order_id, provider_payment_id, reason, expected_amount, paid_amount)
      VALUES (${order.id}::uuid, ${payment.id}, ${reason}, ${order.amount}::numeric, ${paid.toFixed(2)}::numeric)
      ON CONFLICT (provider_payment_id) DO NOTHING`;
    if (reason === "amount_mismatch") {
      await tx.paymentOrder.update({
        where: { id: order.id },
        data: { status: "quarantined", providerPaymentId: payment.id, paidAmount: paid.toFixed(2), method: payment.method, updatedAt: now },
      });
    }
    logger.warn({ paymentOrderId: order.id, paymentId: payment.id, reason }, "gateway payment quarantined for an admin; nothing credited");
    await publishAll([{ channel: ADMIN_CHANNEL, type: "payment-exception", id: order.id }], tx);
    return "quarantined";
  }

  // A paid Premium order is not money for the wallet (ADR 0063).
  if (order.purpose === PREMIUM_PURPOSE) return applyPremiumPayment(tx, provider, order, payment, now);

  const method = methodLabel(payment.method);
  const credit = await creditDeposit(tx, {
    userId: order.user_id,
    received: paid,
    from: gatewayClearing,
    source: `${method} payment ${payment.id}`,
    keyPrefix: `payment:${provider}:${payment.id}`,
    referenceId: order.id,
    at: now,
  });
  await tx.paymentOrder.update({
    where: { id: order.id },
    data: {
      status: "paid",
      providerPaymentId: payment.id,
      paidAmount: paid.toFixed(2),
      method: payment.method,
      journalId: credit.journalId,
      creditedAt: now,
      failureReason: null,
      updatedAt: now,
    },
  });
  if (order.purpose === PLAN_DEBIT_PURPOSE) await markDebitFundedIn(tx, order.id);
  const message =
    `${formatINR(credit.received, { paise: true })} received by ${method} (payment ${payment.id}). ` +
    `After the ${formatINR(DEPOSIT_PROCESSING_FEE, { paise: true })} processing fee, ${formatINR(credit.credited, { paise: true })} was added to your wallet.`;
  await createUserAlert(tx, { userId: order.user_id, alertType: "funds_added", title: FUNDS_ADDED_TITLE, message, createdAt: now });
  try {
    await enqueueMail(
      {
        to: order.email,
        subject: `${FUNDS_ADDED_TITLE}: ${formatINR(credit.credited, { paise: true })} is in your Aangan wallet`,
        text: [`Hello ${order.full_name ?? ""}`.trim() + ",", "", message, "", "Aangan"].join("\n"),
      },
      tx,
    );
  } catch (error) {
    logger.warn({ err: error, paymentOrderId: order.id }, "could not queue the funds-added mail; the credit stands");
  }
  await announce(tx, order.user_id);
  return "credited";
}

async function announce(tx: Tx, userId: string) {
  await publishAll(
    [
      { channel: alertsChannel(userId), type: "wallet" },
      { channel: ADMIN_CHANNEL, type: "payment" },
    ],
    tx,
  );
}

export function methodLabel(method: string | null): string {
  switch (method) {
    case "upi":
      return "UPI";
    case "netbanking":
      return "net banking";
    case "card":
      return "card";
    default:
      return "the payment gateway";
  }
}

/**
 * The payer came back from the checkout with a signed payment: the signature is checked,
 * the payment read from the gateway itself (never from the browser), and applied as a
 * webhook would be. Answers the order it belongs to, for the page the payer lands on.
 */
export async function completeCheckoutReturn(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<{ outcome: PaymentOutcome; order: PaymentOrderView }> {
  if (!gateway.verifyCheckout(input))
    throw new PaymentError(
      "bad_signature",
      "We could not verify this payment. If money left your account, it will be added to your wallet once your bank confirms it.",
      400,
    );
  const payment = await gateway.fetchPayment(input.paymentId);
  if (payment.orderId !== input.orderId) throw new PaymentError("bad_signature", "We could not verify this payment.", 400);
  const outcome = await runTransaction(prisma, "payments.checkout-return", (tx) => applyGatewayPaymentIn(tx, gateway.name, payment));
  const order = await prisma.paymentOrder.findFirst({ where: { provider: gateway.name, providerOrderId: input.orderId } });
  if (!order) throw new PaymentError("not_found", "We could not find this payment.", 404);
  return { outcome, order: view(order) };
}

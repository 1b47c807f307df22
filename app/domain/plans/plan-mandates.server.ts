import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { kycRequiredForFunds } from "~/domain/wallet/request-funds.server";
import { Decimal, formatINR } from "~/lib/money";
import { alertsChannel } from "~/lib/live-channels";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { GatewayError, type CheckoutForm, type GatewayPayment, type GatewayToken, type PaymentGateway } from "~/services/payments/gateway";
import { publishAll } from "~/services/realtime/publish.server";
import { PlanError, planNotFound } from "./plan-errors";

/**
 * UPI AutoPay mandates paying monthly plans (ADR 0077). The mandate lives at the provider: a
 * customer, an order with a `token` whose authorisation payment the investor approves in their
 * UPI app, and the token that later debits charge. Here we keep which plan it pays and its state.
 */

/** The authorisation payment: Razorpay's least amount for a UPI mandate, ₹1. */
export const MANDATE_AUTH_PAISE = 100;
/** How long a mandate runs at most; a plan with an end date asks only until a month after it. */
const MANDATE_YEARS = 10;
export const PLAN_DEBIT_PURPOSE = "plan_debit";

/** Rupees as the provider's integer paise (exact: Decimal, then a whole number). */
export const paiseOf = (amount: Decimal.Value) => Number(new Decimal(amount).times(100).toFixed(0));

export class MandateError extends PlanError {}

/** A token event arrived before the payment that tells us the token: the provider retries it. */
export class TokenNotYetKnown extends Error {}

export type MandateView = {
  id: string;
  status: string;
  maxAmount: string;
  failureReason: string | null;
  confirmedAt: string | null;
};

/** The plan's latest mandate, live or not, for the plan's page. */
export async function latestMandate(
  db: PrismaClient | Tx,
  planId: string,
): Promise<(MandateView & { authOrderId: string | null; customerId: string }) | null> {
  const row = await db.planMandate.findFirst({ where: { planId }, orderBy: { createdAt: "desc" } });
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    maxAmount: row.maxAmount.toFixed(2),
    failureReason: row.failureReason,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    authOrderId: row.authOrderId,
    customerId: row.customerId,
  };
}

/** The confirmed mandate a run debits, if the plan has one. */
export async function confirmedMandate(db: PrismaClient | Tx, planId: string) {
  return db.planMandate.findFirst({ where: { planId, status: "confirmed" } });
}

/**
 * The investor starts paying a plan by UPI AutoPay: a customer and a mandate order at the
 * provider, recorded first as a 'created' mandate (one live mandate per plan: a second click
 * finds the first). Nothing is debited until the investor approves it in their UPI app.
 */
export async function startMandate(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { userId: string; planId: string },
  now = new Date(),
): Promise<{ mandateId: string }> {
  const plan = await prisma.investmentPlan.findFirst({
    where: { id: input.planId, userId: input.userId },
    select: {
      id: true,
      status: true,
      amount: true,
      endDate: true,
      user: { select: { email: true, fullName: true, phone: true, kycStatus: true } },
    },
  });
  if (!plan) throw planNotFound();
  if (plan.status === "cancelled") throw new MandateError("plan_cancelled", "This plan was cancelled; create a new one instead.", 409);
  if (plan.user.kycStatus !== "approved") throw kycRequiredForFunds();
  const live = await prisma.planMandate.findFirst({ where: { planId: plan.id, status: { in: ["created", "confirmed"] } } });
  if (live?.status === "confirmed") throw new MandateError("mandate_exists", "This plan is already paid by UPI AutoPay.", 409);
  if (live?.authOrderId) return { mandateId: live.id };

  const customer = await gateway.createCustomer({
    name: plan.user.fullName ?? plan.user.email,
    email: plan.user.email,
    contact: contactOf(plan.user.phone),
  });
  let mandate = live;
  if (!mandate) {
    const [inserted] = await prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO plan_mandates (plan_id, user_id, provider, customer_id, max_amount, created_at, updated_at)
      VALUES (${plan.id}::uuid, ${input.userId}::uuid, ${gateway.name}, ${customer.id}, ${plan.amount.toFixed(2)}::numeric, ${now}, ${now})
      ON CONFLICT (plan_id) WHERE status IN ('created', 'confirmed') DO NOTHING
      RETURNING id::text AS id`;
    mandate = await prisma.planMandate.findFirstOrThrow({
      where: inserted ? { id: inserted.id } : { planId: plan.id, status: { in: ["created", "confirmed"] } },
    });
    if (mandate.authOrderId || mandate.status === "confirmed") return { mandateId: mandate.id };
  }
  const end = plan.endDate
    ? new Date(plan.endDate.getTime() + 31 * 86_400_000)
    : new Date(now.getTime() + MANDATE_YEARS * 365 * 86_400_000);
  // Outside any transaction: a slow provider holds no lock. A second try finds the order already recorded.
  const order = await gateway.createMandateOrder({
    customerId: mandate.customerId,
    amountPaise: MANDATE_AUTH_PAISE,
    maxAmountPaise: paiseOf(mandate.maxAmount),
    expireAt: end,
    receipt: mandate.id,
    notes: { purpose: "monthly plan mandate", plan: plan.id },
  });
  await prisma.planMandate.updateMany({
    where: { id: mandate.id, authOrderId: null },
    data: { authOrderId: order.id, updatedAt: new Date() },
  });
  return { mandateId: mandate.id };
}

/** Indian mobile numbers only (10 digits, optionally +91); anything else is not sent. */
function contactOf(phone: string | null): string | null {
  const digits = (phone ?? "").replace(/[\s-]/g, "").replace(/^\+?91/, "");
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** Where the browser goes to approve a mandate still waiting for the investor, or null. */
export async function mandateCheckout(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { userId: string; planId: string; callbackUrl: string; cancelUrl: string },
): Promise<CheckoutForm | null> {
  const mandate = await prisma.planMandate.findFirst({
    where: { planId: input.planId, userId: input.userId, status: "created", authOrderId: { not: null } },
    select: { customerId: true, authOrderId: true, maxAmount: true, user: { select: { email: true } } },
  });
  if (!mandate) return null;
  return gateway.mandateCheckoutForm({
    orderId: mandate.authOrderId!,
    customerId: mandate.customerId,
    amountPaise: MANDATE_AUTH_PAISE,
    description: `UPI AutoPay for your Aangan monthly plan: up to ${formatINR(mandate.maxAmount, { paise: true })} a month`,
    email: mandate.user.email,
    callbackUrl: input.callbackUrl,
    cancelUrl: input.cancelUrl,
  });
}

export type MandateOutcome =
  "mandate_recorded" | "mandate_confirmed" | "mandate_rejected" | "mandate_cancelled" | "ignored" | "unknown_order";

/** A mandate's authorisation payment: remembers the token it made, or the refusal; safe to repeat. */
export async function applyMandatePaymentIn(tx: Tx, provider: string, payment: GatewayPayment, now = new Date()): Promise<MandateOutcome> {
  const [mandate] = await tx.$queryRaw<{ id: string; status: string; token_id: string | null; auth_payment_id: string | null }[]>`
    SELECT id::text AS id, status, token_id, auth_payment_id FROM plan_mandates WHERE provider = ${provider} AND auth_order_id = ${payment.orderId} FOR UPDATE`;
  if (!mandate) return "unknown_order";
  if (payment.status === "failed") {
    if (mandate.status !== "created" || mandate.token_id) return "ignored";
    await tx.planMandate.update({
      where: { id: mandate.id },
      data: {
        status: "rejected",
        failureReason: (payment.errorDescription ?? "The mandate was not approved").slice(0, 500),
        updatedAt: now,
      },
    });
    return "mandate_rejected";
  }
  // The token may come with the authorisation and the capture later (or the other way round).
  const tokenId = payment.tokenId && !mandate.token_id ? payment.tokenId : undefined;
  const authPaymentId = payment.status === "captured" && !mandate.auth_payment_id ? payment.id : undefined;
  if (!tokenId && !authPaymentId) return "ignored";
  await tx.planMandate.update({ where: { id: mandate.id }, data: { tokenId, authPaymentId, updatedAt: now } });
  return "mandate_recorded";
}

/** The token's state from the provider (a webhook, or a fetch after the payer's return). */
export async function applyTokenIn(tx: Tx, provider: string, token: GatewayToken, now = new Date()): Promise<MandateOutcome> {
  const [mandate] = await tx.$queryRaw<{ id: string; status: string; user_id: string; plan_id: string; max_amount: string }[]>`
    SELECT id::text AS id, status, user_id::text AS user_id, plan_id::text AS plan_id, max_amount::text AS max_amount
      FROM plan_mandates WHERE provider = ${provider} AND token_id = ${token.id} FOR UPDATE`;
  if (!mandate) throw new TokenNotYetKnown(`token ${token.id} is not yet known; the provider will send it again`);
  if (token.status === "confirmed" && mandate.status === "created") {
    await tx.planMandate.update({ where: { id: mandate.id }, data: { status: "confirmed", confirmedAt: now, updatedAt: now } });
    await tell(
      tx,
      mandate.user_id,
      "UPI AutoPay is set up",
      `Your monthly plan is now paid by UPI AutoPay: up to ${formatINR(mandate.max_amount, { paise: true })} a month is debited from your bank account on the plan's day, and invested.`,
      now,
    );
    return "mandate_confirmed";
  }
  if (token.status === "rejected" && mandate.status === "created") {
    await tx.planMandate.update({
      where: { id: mandate.id },
      data: { status: "rejected", failureReason: (token.failureReason ?? "The mandate was not approved").slice(0, 500), updatedAt: now },
    });
    return "mandate_rejected";
  }
  if (
    (token.status === "cancelled" || token.status === "cancellation_initiated") &&
    (mandate.status === "created" || mandate.status === "confirmed")
  ) {
    await tx.planMandate.update({ where: { id: mandate.id }, data: { status: "cancelled", cancelledAt: now, updatedAt: now } });
    await tell(
      tx,
      mandate.user_id,
      "UPI AutoPay cancelled",
      "The UPI AutoPay mandate of your monthly plan was cancelled. The plan now invests from your wallet.",
      now,
    );
    return "mandate_cancelled";
  }
  return "ignored";
}

async function tell(tx: Tx, userId: string, title: string, message: string, now: Date) {
  await createUserAlert(tx, { userId, alertType: "plan_mandate", title, message, createdAt: now });
  await publishAll([{ channel: alertsChannel(userId), type: "plan" }], tx);
}

/**
 * The payer came back from approving (or not) the mandate: the signature is checked, the payment
 * and its token are read from the provider (never from the browser) and applied as their
 * webhooks would be. Answers the plan, for the page the payer lands on.
 */
export async function completeMandateReturn(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<{ planId: string; status: string }> {
  if (!gateway.verifyCheckout(input)) throw new MandateError("bad_signature", "We could not verify this UPI AutoPay approval.", 400);
  const payment = await gateway.fetchPayment(input.paymentId);
  if (payment.orderId !== input.orderId) throw new MandateError("bad_signature", "We could not verify this UPI AutoPay approval.", 400);
  await runTransaction(prisma, "plans.mandate-return", (tx) => applyMandatePaymentIn(tx, gateway.name, payment));
  const mandate = await prisma.planMandate.findFirstOrThrow({ where: { provider: gateway.name, authOrderId: input.orderId } });
  if (mandate.tokenId && mandate.status === "created") {
    const token = await gateway.fetchToken({ customerId: mandate.customerId, tokenId: mandate.tokenId });
    await runTransaction(prisma, "plans.mandate-token", (tx) => applyTokenIn(tx, gateway.name, token));
  }
  const after = await prisma.planMandate.findUniqueOrThrow({ where: { id: mandate.id }, select: { planId: true, status: true } });
  return after;
}

/** The plan a mandate's authorisation order belongs to, for the return page; null when it is not a mandate's. */
export async function planOfMandateOrder(prisma: PrismaClient, provider: string, orderId: string): Promise<string | null> {
  const mandate = await prisma.planMandate.findFirst({ where: { provider, authOrderId: orderId }, select: { planId: true } });
  return mandate?.planId ?? null;
}

/**
 * Ends the plan's live mandate: a token is cancelled at the provider (NPCI revokes it), a
 * mandate never approved is simply forgotten. Answers false when there was none.
 */
export async function cancelMandate(
  prisma: PrismaClient,
  gateway: PaymentGateway | null,
  userId: string,
  planId: string,
  now = new Date(),
): Promise<boolean> {
  // Another investor's plan answers as one that does not exist.
  if (!(await prisma.investmentPlan.findFirst({ where: { id: planId, userId }, select: { id: true } }))) throw planNotFound();
  const mandate = await prisma.planMandate.findFirst({ where: { planId, userId, status: { in: ["created", "confirmed"] } } });
  if (!mandate) return false;
  if (mandate.tokenId) {
    if (!gateway || gateway.name !== mandate.provider)
      throw new MandateError("payments_off", "UPI AutoPay cannot be reached right now. Please try again later.", 503);
    try {
      await gateway.cancelToken({ customerId: mandate.customerId, tokenId: mandate.tokenId });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      logger.warn({ err: error, mandateId: mandate.id }, "the provider did not cancel the mandate");
      throw new MandateError(
        "provider_unavailable",
        "UPI AutoPay could not be cancelled just now. Please try again in a few minutes.",
        502,
      );
    }
  }
  await prisma.planMandate.updateMany({
    where: { id: mandate.id, status: { in: ["created", "confirmed"] } },
    data: { status: "cancelled", cancelledAt: now, updatedAt: now },
  });
  return true;
}

/**
 * The ₹1 each approval cost the payer goes back to them (it was never wallet money): once per
 * mandate, by the plan job, under the provider's refund with the mandate as its receipt.
 */
export async function refundMandateAuthorisations(prisma: PrismaClient, gateway: PaymentGateway, now = new Date()): Promise<number> {
  const due = await prisma.planMandate.findMany({
    where: { provider: gateway.name, authPaymentId: { not: null }, authRefundedAt: null },
    select: { id: true, authPaymentId: true },
    take: 100,
  });
  let refunded = 0;
  for (const mandate of due) {
    try {
      await gateway.refundPayment({ paymentId: mandate.authPaymentId!, amountPaise: MANDATE_AUTH_PAISE, receipt: mandate.id });
      await prisma.planMandate.updateMany({ where: { id: mandate.id, authRefundedAt: null }, data: { authRefundedAt: now } });
      refunded += 1;
    } catch (error) {
      logger.warn({ err: error, mandateId: mandate.id }, "mandate authorisation not refunded yet; the next plan job tries again");
    }
  }
  return refunded;
}

import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { completeCheckoutReturn, startGatewayDeposit, PaymentError, toPaise } from "~/domain/payments/gateway-deposits.server";
import { receiveGatewayWebhook } from "~/domain/payments/webhook-inbox.server";
import { listPaymentsForAdmin, replayWebhookEvent } from "~/domain/payments/payments-admin.server";
import { payoutAccountPosition, recordPayoutFunding } from "~/domain/payouts/payout-funding.server";
import { decidePaymentException } from "~/domain/payments/payment-exceptions.server";
import { indiaDay, listReconciliations, previousIndiaDay, reconcileDay } from "~/domain/payments/reconciliation.server";
import { formatINR, type Decimal } from "~/lib/money";
import { KYC_REQUIRED_FOR_FUNDS } from "~/domain/wallet/fund-request-rules";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { paymentGateway } from "~/services/payments/gateway-config.server";
import { GatewayError, type PaymentGateway } from "~/services/payments/gateway";
import { PAY_ONLINE, payOnlineSchema } from "~/domain/payments/pay-online-form";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { fundLimits } from "~/web/fund-requests.server";
import { premiumReturn } from "~/web/premium.server";
import { mandateReturn } from "~/web/plans.server";
import { planOfMandateOrder } from "~/domain/plans/plan-mandates.server";

/** The order a failed checkout names in its (unsigned) metadata: used only to choose the page to return to. */
function failedOrderId(metadata: string): string {
  try {
    const parsed = JSON.parse(metadata) as { order_id?: unknown };
    return typeof parsed.order_id === "string" ? parsed.order_id.slice(0, 100) : "";
  } catch {
    return "";
  }
}

/** What the wallet needs to offer paying through the gateway: whether it is on, and a fresh form key. */
export function onlinePaymentOffer() {
  return paymentGateway() ? { payKey: randomUUID() } : null;
}

/**
 * The wallet's Pay Online form: records the order, creates it at the gateway, and goes to its
 * page. A refusal answers like every fund request form (conform's reply, with its intent).
 */
export async function startOnlinePayment(form: FormData, user: SessionUser) {
  const submission = parseWithZod(form, { schema: payOnlineSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return data({ intent: PAY_ONLINE, result: submission.reply({ formErrors: ["Unknown request"] }), followUp: null }, { status: 400 });
  }
  const gateway = paymentGateway();
  try {
    if (!gateway)
      throw new PaymentError(
        "payments_off",
        "Paying online is not available. Please use Add Funds to transfer to the escrow account.",
        404,
      );
    const order = await startGatewayDeposit(getPrisma(), gateway, {
      userId: user.id,
      amount: submission.value.amount,
      idempotencyKey: submission.value.idempotencyKey,
      limits: fundLimits()["add-funds"],
    });
    return redirectWithToast(paths.payments.walletPayment(order.id), {
      kind: "info",
      title: "Payment Created",
      description: "Continue to the payment page to pay by UPI or net banking.",
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      logger.warn({ err: error }, "payment gateway refused or failed to create an order");
      return data(
        {
          intent: PAY_ONLINE,
          result: submission.reply({
            formErrors: ["The payment service is not answering. Nothing was charged; please try again in a few minutes."],
          }),
          followUp: null,
        },
        { status: 503 },
      );
    }
    return replyToDomainError(error, submission, {
      redirects: { kyc_required: { to: paths.kyc(), toast: { kind: "error", ...KYC_REQUIRED_FOR_FUNDS } } },
      extra: { intent: PAY_ONLINE },
    });
  }
}

/** The wallet page of this user's dashboard (waitlist players have their own). */
export function walletPathFor(user: { tier: string }): string {
  return user.tier === "waitlist_player" ? paths.waitlistDashboard.wallet() : paths.dashboard.wallet();
}

/** One of the investor's own gateway payments, with the checkout form while it can still be paid. */
export async function loadWalletPayment(user: SessionUser, paymentId: string, walletPath: string) {
  const order = /^[0-9a-f-]{36}$/i.test(paymentId)
    ? await getPrisma().paymentOrder.findFirst({ where: { id: paymentId, userId: user.id, purpose: "deposit" } })
    : null;
  if (!order) throw data("Payment not found", { status: 404 });
  const checkout = checkoutFor(order, user, "Add money to your Aangan wallet", paths.payments.walletPayment(order.id));
  return {
    payment: {
      id: order.id,
      amount: order.amount.toFixed(2),
      status: order.status,
      method: order.method,
      providerOrderId: order.providerOrderId,
      providerPaymentId: order.providerPaymentId,
      failureReason: order.failureReason,
      createdAt: order.createdAt.toISOString(),
      creditedAt: order.creditedAt?.toISOString() ?? null,
    },
    checkout,
    standIn: paymentGateway()?.standIn ?? false,
    walletPath,
  };
}

/**
 * The payer's return from the checkout: a cross-site POST from the gateway, so it carries no
 * session; the gateway's signature and its own record of the payment are what count.
 */
export async function handleCheckoutReturn(request: Request) {
  const gateway = paymentGateway();
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const wallet = paths.dashboard.wallet();
  if (!gateway)
    return redirectWithToast(wallet, { kind: "error", title: "Payment Failed", description: "Paying online is not available." });
  // A monthly plan's UPI AutoPay approval comes back here too (ADR 0077).
  const mandatePlan = await planOfMandateOrder(
    getPrisma(),
    gateway.name,
    field("razorpay_order_id") || failedOrderId(field("error[metadata]")),
  );
  if (mandatePlan) return mandateReturn(gateway, mandatePlan, field);
  if (!field("razorpay_payment_id")) {
    return redirectWithToast(wallet, {
      kind: "error",
      title: "Payment Failed",
      description: "The payment did not go through. Nothing was added to your wallet; you can try again.",
    });
  }
  try {
    const { outcome, order } = await completeCheckoutReturn(getPrisma(), gateway, {
      orderId: field("razorpay_order_id"),
      paymentId: field("razorpay_payment_id"),
      signature: field("razorpay_signature"),
    });
    if (order.purpose === "premium") return premiumReturn(outcome, order.id);
    const toPage = paths.payments.walletPayment(order.id);
    if (outcome === "credited" || outcome === "already_credited") {
      return redirectWithToast(toPage, {
        kind: "success",
        title: "Funds Added",
        description: "Your payment was received and your wallet credited.",
      });
    }
    if (outcome === "quarantined") {
      return redirectWithToast(toPage, {
        kind: "error",
        title: "Payment Under Review",
        description: "The amount paid differs from the amount ordered. Our team will credit or refund it.",
      });
    }
    return redirectWithToast(toPage, {
      kind: "info",
      title: "Payment Pending",
      description: "Your bank has not confirmed the payment yet.",
    });
  } catch (error) {
    if (error instanceof PaymentError)
      return redirectWithToast(wallet, { kind: "error", title: "Payment Failed", description: error.message });
    if (error instanceof GatewayError) {
      logger.warn({ err: error }, "payment gateway unreachable on the checkout return; the webhook will credit");
      return redirectWithToast(wallet, {
        kind: "info",
        title: "Payment Pending",
        description: "We could not confirm the payment yet. Your wallet is credited as soon as the bank confirms it.",
      });
    }
    throw error;
  }
}

/** The gateway's webhook: signature only, the raw body as sent, 2xx only after the commit. */
export async function handleRazorpayWebhook(request: Request): Promise<Response> {
  const gateway = paymentGateway();
  if (!gateway) return new Response("Not Found", { status: 404 });
  const rawBody = await request.text();
  const answer = await receiveGatewayWebhook(getPrisma(), gateway, {
    rawBody,
    signature: request.headers.get("x-razorpay-signature"),
    eventId: request.headers.get("x-razorpay-event-id"),
    maxAgeHours: getEnv().PAYMENTS_WEBHOOK_MAX_AGE_HOURS,
  });
  if (answer.status !== 200) logger.warn({ outcome: answer.outcome, status: answer.status }, "gateway webhook refused");
  return new Response(JSON.stringify({ outcome: answer.outcome }), {
    status: answer.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/** The admin's Payments page: payments, exceptions and the webhook inbox. */
export async function loadAdminPayments() {
  const [lists, reconciliations, payoutAccount] = await Promise.all([
    listPaymentsForAdmin(getPrisma()),
    listReconciliations(getPrisma()),
    payoutAccountPosition(getPrisma()),
  ]);
  return { ...lists, reconciliations, payoutAccount, gatewayOn: paymentGateway() !== null, yesterday: previousIndiaDay() };
}

/** The admin's Payments forms (audited): replay a stored webhook, or decide a quarantined payment. */
export async function handleAdminPaymentsAction(request: Request, admin: SessionUser) {
  const form = await readFormData(request);
  const gateway = paymentGateway();
  const intent = form.get("intent");
  if (intent === "fund") return fundPayoutAccount(form, admin);
  if (intent !== "replay" && intent !== "refund" && intent !== "credit" && intent !== "reconcile")
    throw data("Unknown request", { status: 400 });
  try {
    if (!gateway) throw new PaymentError("payments_off", "No payment gateway is configured.", 409);
    if (intent === "reconcile") return await reconcileFromForm(form, gateway, admin);
    if (intent === "replay") {
      const { outcome, eventType } = await replayWebhookEvent(getPrisma(), gateway, {
        adminId: admin.id,
        eventId: String(form.get("eventId") ?? ""),
      });
      return redirectWithToast(paths.admin.payments(), {
        kind: "success",
        title: "Webhook Replayed",
        description: `${eventType}: ${outcome.replace(/_/g, " ")}`,
      });
    }
    const decided = await decidePaymentException(getPrisma(), gateway, {
      adminId: admin.id,
      exceptionId: String(form.get("exceptionId") ?? ""),
      decision: intent,
      maxCredit: String(getEnv().DEPOSIT_MAX_PER_REQUEST_INR),
    });
    return redirectWithToast(paths.admin.payments(), {
      kind: "success",
      title: decided.decision === "refund" ? "Payment Refunded" : "Payment Credited",
      description: `${formatINR(decided.amount, { paise: true })} ${decided.decision === "refund" ? "refunded to the payer" : "credited to the wallet"}.`,
    });
  } catch (error) {
    const title = intent === "replay" ? "Replay Failed" : intent === "reconcile" ? "Reconciliation Failed" : "Decision Failed";
    return replyToDomainError(error, null, { otherwise: { to: paths.admin.payments(), toast: { kind: "error", title } } });
  }
}

const fundingSchema = z.object({
  intent: z.literal("fund"),
  amount: z.string().default(""),
  utr: z.string().default(""),
  fundedOn: z.string().default(""),
});

/** Books a transfer from escrow to the payout provider's account (ADR 0073); a refusal keeps what was typed. */
async function fundPayoutAccount(form: FormData, admin: SessionUser) {
  const submission = parseWithZod(form, { schema: fundingSchema, disableAutoCoercion: true });
  if (submission.status !== "success")
    return data({ result: submission.reply({ formErrors: ["Unknown request"] }), followUp: null }, { status: 400 });
  try {
    const funding = await recordPayoutFunding(getPrisma(), { adminId: admin.id, ...submission.value });
    return redirectWithToast(paths.admin.payments(), {
      kind: "success",
      title: "Transfer Booked",
      description: `${formatINR(funding.amount, { paise: true })} from escrow to the payout account (UTR ${funding.utr}).`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

/** The admin reconciles one India day now (the nightly job does yesterday's); the count of differences is the toast. */
async function reconcileFromForm(form: FormData, gateway: PaymentGateway, admin: SessionUser) {
  const day = String(form.get("day") ?? "");
  let window: { from: Date };
  try {
    window = indiaDay(day);
  } catch {
    throw new PaymentError("bad_day", "Choose a day to reconcile (YYYY-MM-DD).", 400, "day");
  }
  if (window.from.getTime() > Date.now()) throw new PaymentError("future_day", "A day still to come cannot be reconciled.", 400, "day");
  try {
    const result = await reconcileDay(getPrisma(), gateway, day, admin.id);
    return redirectWithToast(paths.admin.payments(), {
      kind: result.differences.length === 0 ? "success" : "info",
      title: "Reconciled",
      description:
        result.differences.length === 0
          ? `${day}: the gateway and the ledger agree.`
          : `${day}: ${result.differences.length} ${result.differences.length === 1 ? "difference" : "differences"} listed below.`,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw new PaymentError("gateway_unreachable", "The gateway did not answer; nothing was changed. Please try again.", 502);
  }
}

/** The gateway's checkout form for an order while it can still be paid (created, or failed and tried again); else null. */
export function checkoutFor(
  order: { providerOrderId: string | null; status: string; amount: Decimal.Value },
  user: SessionUser,
  description: string,
  cancelPath: string,
) {
  const gateway = paymentGateway();
  if (!gateway || !order.providerOrderId || (order.status !== "created" && order.status !== "failed")) return null;
  const origin = getEnv().APP_ORIGIN;
  return gateway.checkoutForm({
    orderId: order.providerOrderId,
    amountPaise: toPaise(order.amount),
    description,
    email: user.email,
    callbackUrl: `${origin}${paths.payments.checkoutReturn()}`,
    cancelUrl: `${origin}${cancelPath}`,
  });
}

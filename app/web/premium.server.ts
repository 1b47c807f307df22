import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { getPremiumPrice, getPremiumQuote, setPremiumPrice } from "~/domain/subscriptions/premium-price.server";
import { getOwnPremiumReceipt, renderPremiumReceiptPdf } from "~/domain/subscriptions/premium-receipt.server";
import { hasOpenSubscriptionRequest } from "~/domain/subscriptions/request-subscription.server";
import { startPremiumPayment } from "~/domain/subscriptions/start-premium-payment.server";
import { getOwnSubscription } from "~/domain/subscriptions/subscription-periods.server";
import { PAY_PREMIUM, payPremiumSchema } from "~/domain/subscriptions/upgrade-form";
import { formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { paymentGateway } from "~/services/payments/gateway-config.server";
import { GatewayError } from "~/services/payments/gateway";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { receiptIssuer } from "~/web/legal-entity.server";
import { checkoutFor } from "~/web/payments.server";

/** Premium as /fees, /welcome, /trial-expired and /premium show it: the quote for this viewer, and a fresh form key when it can be paid. */
export async function premiumOffer(user: { id: string } | null) {
  const quote = await getPremiumQuote(getPrisma(), receiptIssuer().gstin, user?.id ?? null);
  return { quote, payKey: paymentGateway() ? randomUUID() : null };
}

/** The Premium page: the price, the user's Premium and its periods, the pay form and the waiver request. */
export async function loadPremiumPage(user: SessionUser) {
  const prisma = getPrisma();
  const [offer, subscription, waiverRequested] = await Promise.all([
    premiumOffer(user),
    getOwnSubscription(prisma, user.id),
    hasOpenSubscriptionRequest(prisma, user.id),
  ]);
  return { ...offer, subscription, waiverRequested };
}

/** The Pay for Premium form (the Premium page, /welcome, /trial-expired): records the order, goes to its page. */
export async function startPremiumCheckout(form: FormData, user: SessionUser, returnTo: string) {
  const submission = parseWithZod(form, { schema: payPremiumSchema, disableAutoCoercion: true });
  if (submission.status !== "success") throw data({ error: "Unknown request" }, { status: 400 });
  const gateway = paymentGateway();
  try {
    if (!gateway) throw new DomainError("payments_off", "Paying online is not available. Please ask our team for Premium instead.", 404);
    const order = await startPremiumPayment(getPrisma(), gateway, { userId: user.id, idempotencyKey: submission.value.idempotencyKey });
    return redirectWithToast(paths.premium.payment(order.id), {
      kind: "info",
      title: "Payment Created",
      description: "Continue to pay for Premium by UPI or net banking.",
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      logger.warn({ err: error }, "payment gateway refused or failed to create a premium order");
      return redirectWithToast(returnTo, {
        kind: "error",
        title: "Payment Service Unavailable",
        description: "The payment service is not answering. Nothing was charged; please try again in a few minutes.",
      });
    }
    return replyToDomainError(error, null, { otherwise: { to: returnTo, toast: { kind: "error", title: "Payment Failed" } } });
  }
}

/** The Premium page's action: paying is its one form. */
export async function handlePremiumAction(request: Request, user: SessionUser) {
  const form = await readFormData(request);
  if (form.get("intent") !== PAY_PREMIUM) throw data({ error: "Unknown request" }, { status: 400 });
  return startPremiumCheckout(form, user, paths.premium.page());
}

const paymentNotFound = () => data("Payment not found", { status: 404 });

/** One of the user's own Premium payments, with the checkout form while it can be paid. */
export async function loadPremiumPayment(user: SessionUser, paymentId: string) {
  const order = isUuid(paymentId)
    ? await getPrisma().paymentOrder.findFirst({
        where: { id: paymentId, userId: user.id, purpose: "premium" },
        include: { subscription: true },
      })
    : null;
  if (!order) throw paymentNotFound();
  const checkout = checkoutFor(order, user, "Aangan Premium", paths.premium.payment(order.id));
  return {
    payment: {
      id: order.id,
      amount: order.amount.toFixed(2),
      status: order.status,
      providerOrderId: order.providerOrderId,
      providerPaymentId: order.providerPaymentId,
      failureReason: order.failureReason,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.creditedAt?.toISOString() ?? null,
    },
    period: order.subscription
      ? {
          id: order.subscription.id,
          startsAt: order.subscription.startsAt.toISOString(),
          endsAt: order.subscription.endsAt?.toISOString() ?? null,
        }
      : null,
    checkout,
    standIn: paymentGateway()?.standIn ?? false,
  };
}

const receiptNotFound = () => new Response("Receipt not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A paid period's PDF receipt, for its owner only: anyone else's, or an unknown id, is 404. */
export async function premiumReceiptPdf(user: SessionUser, subscriptionId: string): Promise<Response> {
  if (!isUuid(subscriptionId)) throw receiptNotFound();
  const issuer = receiptIssuer();
  const receipt = await getOwnPremiumReceipt(getPrisma(), user.id, subscriptionId, issuer);
  if (!receipt) throw receiptNotFound();
  const pdf = await renderPremiumReceiptPdf(receipt, issuer);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receipt.number}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}

const priceFormSchema = z.object({ intent: z.literal("set-price"), price: z.string().default(""), months: z.string().default("") });

/** The admin's Premium page: the price in force and the latest periods. */
export async function loadAdminPremium() {
  const prisma = getPrisma();
  const [price, periods] = await Promise.all([
    getPremiumPrice(prisma),
    prisma.subscription.findMany({
      orderBy: { createdAt: "desc" },
      take: 50,
      include: { user: { select: { email: true } }, granter: { select: { email: true } } },
    }),
  ]);
  return {
    price: { price: price.price.toFixed(2), months: price.months },
    periods: periods.map((row) => ({
      id: row.id,
      email: row.user.email,
      source: row.source,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      amount: row.amount?.toFixed(2) ?? null,
      grantedBy: row.granter?.email ?? null,
      cancelled: row.cancelledAt !== null,
    })),
  };
}

/** The admin sets a new Premium price (audited); a refusal is shown on the form's field. */
export async function handleAdminPremiumAction(request: Request, admin: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: priceFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["Unknown request"] }) }, { status: 400 });
  try {
    const price = await setPremiumPrice(getPrisma(), { adminId: admin.id, price: submission.value.price, months: submission.value.months });
    return redirectWithToast(paths.admin.premium(), {
      kind: "success",
      title: "Premium Price Saved",
      description: `New Premium orders cost ${formatRupees(price.price)} for ${price.months} months.`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

/** Where the payer lands after paying for Premium at the checkout, and what they are told. */
export function premiumReturn(outcome: string, paymentId: string) {
  const toPage = paths.premium.payment(paymentId);
  if (outcome === "credited" || outcome === "already_credited")
    return redirectWithToast(toPage, {
      kind: "success",
      title: "Premium Active",
      description: "Your payment was received and Premium is on.",
    });
  if (outcome === "quarantined")
    return redirectWithToast(toPage, {
      kind: "error",
      title: "Payment Under Review",
      description: "The amount paid differs from the price. Our team will refund it or switch Premium on.",
    });
  return redirectWithToast(toPage, { kind: "info", title: "Payment Pending", description: "Your bank has not confirmed the payment yet." });
}

import { DomainError } from "~/domain/errors";
import { toPaise } from "~/domain/payments/gateway-deposits.server";
import { isUniqueViolation, runTransaction, type PrismaClient } from "~/services/db.server";
import type { PaymentGateway } from "~/services/payments/gateway";
import { PREMIUM_PURPOSE } from "./premium-payment.server";
import { getPremiumPrice } from "./premium-price.server";

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export type PremiumOrderView = { id: string; amount: string; status: string; providerOrderId: string | null };

/**
 * A user starts paying for Premium through the gateway (ADR 0063): the order is recorded first
 * at the price in force, under the form's idempotency key (a resubmitted form finds it), then
 * created at the gateway outside any transaction. Nothing starts until the payment is captured.
 * No KYC is needed: Premium is what a new investor buys before anything else.
 */
export async function startPremiumPayment(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  input: { userId: string; idempotencyKey: string },
  now = new Date(),
): Promise<PremiumOrderView> {
  if (!KEY_PATTERN.test(input.idempotencyKey))
    throw new DomainError("bad_key", "This form has expired. Please reload the page and try again.", 400);
  // A double tap: the second insert of the key loses, and the transaction run again finds the first's order.
  const record = () =>
    runTransaction(prisma, "subscriptions.start-premium-payment", async (tx) => {
      const seen = await tx.paymentOrder.findUnique({
        where: { userId_idempotencyKey: { userId: input.userId, idempotencyKey: input.idempotencyKey } },
      });
      if (seen) {
        if (seen.purpose !== PREMIUM_PURPOSE) throw new DomainError("key_reused", "This form was already used. Please start again.", 409);
        return seen;
      }
      const price = await getPremiumPrice(tx);
      return tx.paymentOrder.create({
        data: {
          userId: input.userId,
          purpose: PREMIUM_PURPOSE,
          premiumPriceId: price.id,
          amount: price.price.toFixed(2),
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
  if (!order.providerOrderId) {
    const created = await gateway.createOrder({ amountPaise: toPaise(order.amount), receipt: order.id, notes: { purpose: "premium" } });
    if (created.amount !== toPaise(order.amount))
      throw new Error(`gateway order ${created.id} is for ${created.amount} paise, not ${toPaise(order.amount)}`);
    const updated = await prisma.paymentOrder.updateMany({
      where: { id: order.id, providerOrderId: null },
      data: { providerOrderId: created.id, updatedAt: new Date() },
    });
    if (updated.count === 1) order.providerOrderId = created.id;
    else order.providerOrderId = (await prisma.paymentOrder.findUniqueOrThrow({ where: { id: order.id } })).providerOrderId;
  }
  return { id: order.id, amount: order.amount.toFixed(2), status: order.status, providerOrderId: order.providerOrderId };
}

import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import type { GatewayEvent, PaymentGateway } from "~/services/payments/gateway";
import { applyValidationIn } from "~/domain/payouts/bank-accounts.server";
import { applyPayoutIn, type PayoutOutcome } from "~/domain/payouts/payouts.server";
import { applyRefundIn, type RefundOutcome } from "./payment-exceptions.server";
import { applyMandatePaymentIn, applyTokenIn, type MandateOutcome } from "~/domain/plans/plan-mandates.server";
import { buyFundedRuns } from "~/domain/plans/run-plans.server";
import { applyGatewayPaymentIn, type PaymentOutcome } from "./gateway-deposits.server";

export type WebhookDelivery = {
  rawBody: string;
  signature: string | null;
  eventId: string | null;
  /** A webhook created longer ago than this is refused as stale. */
  maxAgeHours: number;
};

export type WebhookAnswer = { status: 200 | 400 | 401; outcome: string };

const EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * A webhook from the gateway (ADR 0061). Authenticated by its signature alone: an unsigned,
 * forged or stale call is refused with 401 and writes nothing. A signed one is stored in the
 * inbox (a re-delivery of the same event id is the same row, counted), then processed under
 * the inbox row's lock and marked processed in the same transaction as the money, so the
 * answer is 200 only once the effect is committed, and any number of deliveries, in any
 * order, apply it once. A failure leaves the row unprocessed for the provider's retry or a
 * replay.
 */
export async function receiveGatewayWebhook(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  delivery: WebhookDelivery,
  now = new Date(),
): Promise<WebhookAnswer> {
  if (!delivery.signature || !gateway.verifyWebhook(delivery.rawBody, delivery.signature)) return { status: 401, outcome: "bad_signature" };
  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(delivery.rawBody);
  } catch {
    return { status: 400, outcome: "unreadable" };
  }
  if (now.getTime() - event.createdAt.getTime() > delivery.maxAgeHours * 3_600_000) return { status: 401, outcome: "stale" };
  if (!delivery.eventId || !EVENT_ID.test(delivery.eventId)) return { status: 400, outcome: "no_event_id" };

  const [stored] = await prisma.$queryRaw<{ id: string; processed: boolean }[]>`
    INSERT INTO payment_webhook_events (provider, event_id, event_type, body, signature)
    VALUES (${gateway.name}, ${delivery.eventId}, ${eventName(event)}, ${delivery.rawBody}, ${delivery.signature})
    ON CONFLICT (provider, event_id) DO UPDATE SET deliveries = payment_webhook_events.deliveries + 1
    RETURNING id::text AS id, processed_at IS NOT NULL AS processed`;
  if (stored!.processed) return { status: 200, outcome: "duplicate" };
  const outcome = await processWebhookEvent(prisma, gateway, stored!.id);
  // A monthly plan's debit now in the wallet is invested at once (the plan job is the net).
  if (outcome === "credited")
    await buyFundedRuns(prisma).catch((error: unknown) =>
      logger.error({ err: error }, "funded plan runs not bought yet; the plan job will"),
    );
  return { status: 200, outcome };
}

/**
 * Processes one stored event once (a delivery, a retry or an admin's replay); `alsoIn` runs in
 * the same transaction with the outcome (an admin's replay writes its audit entry there).
 */
export async function processWebhookEvent(
  prisma: PrismaClient,
  gateway: PaymentGateway,
  inboxId: string,
  alsoIn?: (tx: Tx, outcome: string) => Promise<void>,
): Promise<string> {
  try {
    return await runTransaction(prisma, "payments.webhook", async (tx) => {
      const [row] = await tx.$queryRaw<{ body: string; processed: boolean }[]>`
        SELECT body, processed_at IS NOT NULL AS processed FROM payment_webhook_events WHERE id = ${inboxId}::uuid FOR UPDATE`;
      if (!row) return "unknown_event";
      if (row.processed) {
        await alsoIn?.(tx, "duplicate");
        return "duplicate";
      }
      const event = gateway.parseWebhook(row.body);
      let outcome: PaymentOutcome | PayoutOutcome | MandateOutcome | RefundOutcome | "unknown_token" | "validation_recorded" | "ignored" =
        "ignored";
      if (
        event.kind === "payment.captured" ||
        event.kind === "payment.failed" ||
        event.kind === "payment.authorized" ||
        event.kind === "order.paid"
      ) {
        outcome = await applyGatewayPaymentIn(tx, gateway.name, event.payment);
        // Not an order of ours to credit: perhaps a mandate's authorisation (ADR 0077).
        if (outcome === "unknown_order") outcome = await applyMandatePaymentIn(tx, gateway.name, event.payment);
      } else if ("token" in event) {
        outcome = await applyTokenIn(tx, gateway.name, event.token, new Date(), event.createdAt);
      } else if ("payout" in event) {
        outcome = await applyPayoutIn(tx, gateway.name, event.payout);
      } else if ("validation" in event) {
        outcome = await applyValidationIn(tx, gateway.name, event.validation);
      } else if (event.kind === "refund.processed") {
        outcome = await applyRefundIn(tx, event.refund);
      }
      await tx.$executeRaw`
        UPDATE payment_webhook_events SET processed_at = now(), outcome = ${outcome}, last_error = NULL WHERE id = ${inboxId}::uuid`;
      await alsoIn?.(tx, outcome);
      return outcome;
    });
  } catch (error) {
    await prisma.$executeRaw`UPDATE payment_webhook_events SET last_error = ${String((error as Error).message).slice(0, 500)} WHERE id = ${inboxId}::uuid`.catch(
      () => undefined,
    );
    logger.error({ err: error, inboxId }, "gateway webhook not processed; it stays in the inbox for a retry or a replay");
    throw error;
  }
}

function eventName(event: GatewayEvent): string {
  return event.kind === "other" ? event.name : event.kind;
}

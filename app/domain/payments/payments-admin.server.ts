import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { isUuid } from "~/lib/uuid";
import type { PrismaClient } from "~/services/db.server";
import type { PaymentGateway } from "~/services/payments/gateway";
import { PaymentError } from "./gateway-deposits.server";
import { processWebhookEvent } from "./webhook-inbox.server";

/**
 * What the admin's Payments page shows (ADR 0061): the latest gateway payments, the payments
 * quarantined for a decision, and webhooks stored but not processed (with the last error),
 * each of which can be replayed.
 */
export async function listPaymentsForAdmin(prisma: PrismaClient) {
  const [payments, exceptions, inbox, payouts] = await Promise.all([
    prisma.$queryRaw<
      {
        id: string;
        email: string;
        amount: string;
        status: string;
        provider_order_id: string | null;
        provider_payment_id: string | null;
        created_at: Date;
      }[]
    >`
      SELECT o.id::text AS id, u.email, o.amount::text AS amount, o.status, o.provider_order_id, o.provider_payment_id, o.created_at
        FROM payment_orders o JOIN user_profiles u ON u.user_id = o.user_id
       ORDER BY o.created_at DESC LIMIT 50`,
    prisma.$queryRaw<
      {
        id: string;
        email: string;
        reason: string;
        expected_amount: string;
        paid_amount: string;
        provider_payment_id: string;
        created_at: Date;
      }[]
    >`
      SELECT x.id::text AS id, u.email, x.reason, x.expected_amount::text AS expected_amount, x.paid_amount::text AS paid_amount,
             x.provider_payment_id, x.created_at
        FROM payment_exceptions x JOIN payment_orders o ON o.id = x.payment_order_id JOIN user_profiles u ON u.user_id = o.user_id
       WHERE x.resolved_at IS NULL AND x.resolution IS NULL
       ORDER BY x.created_at`,
    prisma.$queryRaw<
      { id: string; event_type: string; event_id: string; deliveries: number; received_at: Date; last_error: string | null }[]
    >`
      SELECT id::text AS id, event_type, event_id, deliveries, received_at, last_error
        FROM payment_webhook_events WHERE processed_at IS NULL
       ORDER BY received_at LIMIT 50`,
    prisma.$queryRaw<
      {
        id: string;
        ticket_id: string;
        email: string;
        amount: string;
        status: string;
        masked_number: string;
        utr: string | null;
        provider_payout_id: string | null;
        detail: string | null;
        created_at: Date;
      }[]
    >`
      SELECT p.id::text AS id, p.ticket_id::text AS ticket_id, u.email, p.amount::text AS amount, p.status, b.masked_number,
             p.utr, p.provider_payout_id, COALESCE(p.failure_reason, p.last_error) AS detail, p.created_at
        FROM payouts p JOIN user_profiles u ON u.user_id = p.user_id JOIN bank_accounts b ON b.id = p.bank_account_id
       ORDER BY p.created_at DESC LIMIT 50`,
  ]);
  const iso = (date: Date) => date.toISOString();
  return {
    payments: payments.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    exceptions: exceptions.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    inbox: inbox.map((row) => ({ ...row, received_at: iso(row.received_at) })),
    payouts: payouts.map((row) => ({ ...row, created_at: iso(row.created_at) })),
  };
}

/** An admin replays a stored webhook: processed exactly as a delivery would be, and audited in the same transaction. */
export async function replayWebhookEvent(prisma: PrismaClient, gateway: PaymentGateway, input: { adminId: string; eventId: string }) {
  if (!isUuid(input.eventId)) throw new PaymentError("not_found", "That webhook is not in the inbox.", 404);
  const stored = await prisma.paymentWebhookEvent.findUnique({ where: { id: input.eventId }, select: { eventType: true } });
  if (!stored) throw new PaymentError("not_found", "That webhook is not in the inbox.", 404);
  const outcome = await processWebhookEvent(prisma, gateway, input.eventId, (tx, result) =>
    recordAdminAction(tx, {
      adminId: input.adminId,
      action: "payments.webhook_replay",
      targetType: "payment_webhook_event",
      targetId: input.eventId,
      after: { eventType: stored.eventType, outcome: result },
    }),
  );
  return { outcome, eventType: stored.eventType };
}

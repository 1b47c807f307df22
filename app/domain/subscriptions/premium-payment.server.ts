import { randomUUID } from "node:crypto";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { gatewayClearing, platformFees } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import { ADMIN_CHANNEL, alertsChannel } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import type { Tx } from "~/services/db.server";
import type { GatewayPayment } from "~/services/payments/gateway";
import { publishAll } from "~/services/realtime/publish.server";
import { periodLabel } from "./premium-quote";

export const PREMIUM_PURPOSE = "premium";
export const PREMIUM_STARTED_TITLE = "Premium Active";

const indiaDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "long" });

/** A premium order, locked by the caller, whose captured payment matches it and has not been applied. */
export type CapturedPremiumOrder = { id: string; user_id: string; amount: string };

/**
 * A captured payment of a premium order (called from the gateway's payment dispatch, under the
 * order's row lock, after its amount was checked): the money goes from the gateway clearing
 * account to platform revenue in one balanced journal, never into the wallet; a period starts
 * now or where the user's paid Premium ends; the subscription is on and the tier follows.
 */
export async function applyPremiumPayment(tx: Tx, provider: string, order: CapturedPremiumOrder, payment: GatewayPayment, now: Date) {
  const amount = new Decimal(order.amount);
  // The user's periods are decided one payment at a time, so two orders paid at once chain.
  await tx.$queryRaw`SELECT 1 FROM user_profiles WHERE user_id = ${order.user_id}::uuid FOR UPDATE`;
  const [price] = await tx.$queryRaw<{ months: number }[]>`
    SELECT p.months FROM payment_orders o JOIN premium_prices p ON p.id = o.premium_price_id WHERE o.id = ${order.id}::uuid`;
  const { journalId } = await postJournal(tx, {
    kind: "subscription",
    description: `Premium, ${periodLabel(price!.months)} (payment ${payment.id})`,
    postings: [
      { account: platformFees, amount: amount.toFixed(2) },
      { account: gatewayClearing, amount: amount.negated().toFixed(2) },
    ],
    idempotencyKey: `payment:${provider}:${payment.id}:premium`,
    createdAt: now,
  });
  const id = randomUUID();
  const [period] = await tx.$queryRaw<{ starts_at: Date; ends_at: Date }[]>`
    WITH start AS (
      SELECT GREATEST(${now}::timestamptz, COALESCE(MAX(ends_at), ${now}::timestamptz)) AS at
        FROM subscriptions
       WHERE user_id = ${order.user_id}::uuid AND source = 'payment' AND cancelled_at IS NULL)
    INSERT INTO subscriptions (id, user_id, source, starts_at, ends_at, amount, payment_order_id, journal_id, receipt_number, created_at)
    SELECT ${id}::uuid, ${order.user_id}::uuid, 'payment', start.at, start.at + make_interval(months => ${price!.months}::int),
           ${amount.toFixed(2)}::numeric, ${order.id}::uuid, ${journalId}::uuid,
           'AAN-PRM-' || to_char(${now}::timestamptz AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || '-' || upper(left(${id}, 8)), ${now}
      FROM start
    RETURNING starts_at, ends_at`;
  await tx.paymentOrder.update({
    where: { id: order.id },
    data: {
      status: "paid",
      providerPaymentId: payment.id,
      paidAmount: amount.toFixed(2),
      method: payment.method,
      journalId,
      creditedAt: now,
      failureReason: null,
      updatedAt: now,
    },
  });
  await tx.userProfile.update({ where: { id: order.user_id }, data: { subscriptionActive: true } });
  await recalculateTier(tx, order.user_id);
  const until = indiaDate.format(period!.ends_at);
  await createUserAlert(tx, {
    userId: order.user_id,
    alertType: "subscription",
    title: PREMIUM_STARTED_TITLE,
    message: `${formatINR(amount, { paise: true })} received (payment ${payment.id}). Premium is yours until ${until}; your receipt is on the Premium page.`,
    createdAt: now,
  });
  await publishAll(
    [
      { channel: alertsChannel(order.user_id), type: "wallet" },
      { channel: ADMIN_CHANNEL, type: "payment" },
    ],
    tx,
  );
  return "credited" as const;
}

import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { receiveGatewayWebhook } from "~/domain/payments/webhook-inbox.server";
import { createPrismaClient } from "~/services/db.server";
import { createBoss, ensureQueue } from "~/services/jobs/boss.server";
import { MAIL_QUEUE, mailJob } from "~/services/mail/mail-queue.server";
import { hmacHex } from "~/services/payments/gateway";
import { razorpayGateway } from "~/services/payments/razorpay.server";
import { latencySummary, round } from "./stats";

export type DepositBenchResult = {
  payers: number;
  seconds: number;
  credited: number;
  perSecond: number;
  deliveries: number;
  duplicatesAnswered: number;
  latencyMs: { p50: number; p95: number; p99: number };
  /** Funds-added mails queued with the credits, the warm-up's included (one per credit, as in production). */
  mailsQueued: number;
  doubleCredits: number;
  walletsWrong: number;
  ledgerProblems: number;
  unexpectedErrors: number;
};

const keys = { keyId: "rzp_test_bench", keySecret: "bench-key-secret", webhookSecret: "bench-webhook-secret" };
const AMOUNT_PAISE = 100_000; // ₹1,000 a payment

/**
 * Deposits credited from gateway webhooks (ADR 0061): `payers` investors each pay one order
 * after another for `seconds`; every payment's `payment.captured` is delivered twice at once
 * (a duplicate, as the gateway's retries do) and its `order.paid` once, through the app's
 * webhook code (signature, inbox, credit). Counts what must be 0: a payment credited twice, a
 * wallet that differs from its credits, a ledger problem.
 */
export async function runDepositBench(url: string, options: { payers: number; seconds: number }): Promise<DepositBenchResult> {
  // The jobs schema and the mail queue, as server.ts leaves them: each credit queues its
  // funds-added mail in its transaction, so the bench measures that write (no worker sends it).
  const boss = createBoss(url);
  await boss.start();
  await ensureQueue(boss, MAIL_QUEUE, mailJob({ from: "Aangan bench <bench@example.in>", outboxDir: tmpdir() }).queueOptions);
  await boss.stop({ graceful: false });
  const prisma = createPrismaClient(url);
  const gateway = razorpayGateway({ baseUrl: "http://127.0.0.1:9", ...keys, standIn: true });
  try {
    const payers: string[] = [];
    for (let i = 0; i < options.payers; i++) {
      const user = await prisma.userProfile.create({
        data: {
          email: `bench-payer-${i}-${randomUUID().slice(0, 8)}@example.in`,
          trialExpiresAt: new Date(Date.now() + 14 * 86_400_000),
          subscriptionActive: true,
          kycStatus: "approved",
          wallet: { create: {} },
        },
      });
      payers.push(user.id);
    }
    const latencies: number[] = [];
    let credited = 0;
    let duplicatesAnswered = 0;
    let unexpectedErrors = 0;
    let deliveries = 0;
    const deliver = async (event: string, orderId: string, paymentId: string, eventId: string) => {
      const body = JSON.stringify({
        entity: "event",
        event,
        contains: ["payment"],
        payload: {
          payment: {
            entity: { id: paymentId, order_id: orderId, amount: AMOUNT_PAISE, currency: "INR", status: "captured", method: "upi" },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const t0 = performance.now();
      deliveries++;
      const answer = await receiveGatewayWebhook(prisma, gateway, {
        rawBody: body,
        signature: hmacHex(keys.webhookSecret, body),
        eventId,
        maxAgeHours: 48,
      });
      latencies.push(performance.now() - t0);
      if (answer.status !== 200) unexpectedErrors++;
      else if (answer.outcome === "credited") credited++;
      else if (answer.outcome === "duplicate" || answer.outcome === "already_credited") duplicatesAnswered++;
    };
    const payOnce = async (userId: string, n: number) => {
      const orderId = `order_bench_${userId.slice(0, 8)}_${n}`;
      await prisma.paymentOrder.create({
        data: { userId, amount: "1000.00", provider: "razorpay", providerOrderId: orderId, idempotencyKey: `bench-${randomUUID()}` },
      });
      const paymentId = `pay_bench_${userId.slice(0, 8)}_${n}`;
      await Promise.all([
        deliver("payment.captured", orderId, paymentId, `evt_c_${paymentId}`),
        deliver("payment.captured", orderId, paymentId, `evt_c_${paymentId}`),
        deliver("order.paid", orderId, paymentId, `evt_o_${paymentId}`),
      ]);
    };
    // Warm-up, not counted: connections, plans and each wallet's ledger accounts.
    await Promise.all(payers.map((userId) => payOnce(userId, 0).catch(() => unexpectedErrors++)));
    latencies.length = 0;
    credited = 0;
    duplicatesAnswered = 0;
    deliveries = 0;

    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      payers.map(async (userId) => {
        for (let n = 1; performance.now() < deadline; n++) {
          await payOnce(userId, n).catch(() => unexpectedErrors++);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    const [mails] = await prisma.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE}`;
    const [doubles] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM (
        SELECT reference_id FROM transactions WHERE transaction_type = 'deposit' GROUP BY reference_id HAVING COUNT(*) > 1) AS d`;
    const [wrong] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM escrow_balances e
       WHERE e.available_balance <> (SELECT COUNT(*) * 990 FROM payment_orders o WHERE o.user_id = e.user_id AND o.status = 'paid')`;
    return {
      payers: options.payers,
      seconds: round(elapsed, 2),
      credited,
      perSecond: round(credited / elapsed),
      deliveries,
      duplicatesAnswered,
      latencyMs: latencySummary(latencies),
      mailsQueued: mails!.n,
      doubleCredits: doubles!.n,
      walletsWrong: wrong!.n,
      ledgerProblems: (await checkLedger(prisma)).length,
      unexpectedErrors,
    };
  } finally {
    await prisma.$disconnect();
  }
}

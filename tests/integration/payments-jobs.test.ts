import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { startGatewayDeposit } from "../../app/domain/payments/gateway-deposits.server";
import { previousIndiaDay } from "../../app/domain/payments/reconciliation.server";
import { registerBankAccount } from "../../app/domain/payouts/bank-accounts.server";
import { PAYMENTS_QUEUE, RECONCILIATION_QUEUE, paymentsJob, reconciliationJob } from "../../app/domain/payouts/payments-job.server";
import { updateTicket } from "../../app/domain/support/update-ticket.server";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { reloadEnv } from "../../app/services/env.server";
import { runningJobs } from "../../app/services/jobs/boss.server";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { razorpayGateway } from "../../app/services/payments/razorpay.server";
import { createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { startStandInServer } from "./support/stand-in-server";

/**
 * The payments' background jobs as pg-boss runs them (ADR 0064; issue 27, items 3 and 6): the
 * sweep sends a payout an approval queued but never sent, and ends a gateway order nobody paid;
 * the nightly reconciliation runs on its daily schedule and stores yesterday's run once however
 * often it fires. Against the Razorpay stand-in over HTTP.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const keys = { keyId: "rzp_test_jobs", keySecret: "jobs-key-secret", webhookSecret: "jobs-webhook-secret" };
const DAILY = "30 20 * * *";
const EVERY_MINUTE = "* * * * *";
let standIn: Awaited<ReturnType<typeof startStandInServer>>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  reloadEnv();
  standIn = await startStandInServer({ ...keys, payoutMs: 3_600_000 });
});

afterAll(async () => {
  await stopJobs();
  standIn?.close();
});

const gateway = () => razorpayGateway({ baseUrl: standIn.url, ...keys, payoutAccountNumber: "7878780080316316", standIn: true });

async function untilDone(queue: string, timeoutMs = 30_000) {
  const boss = runningJobs()!.boss;
  const until = Date.now() + timeoutMs;
  while ((await boss.getQueueSize(queue, { before: "completed" })) > 0) {
    if (Date.now() > until) throw new Error(`${queue} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the payments jobs under pg-boss", () => {
  it("the sweep sends a queued payout once and expires an unpaid order; the reconciliation is scheduled daily and stores yesterday once", async () => {
    // A gateway order opened 25 hours ago and never paid, and one opened just now.
    const payer = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor" });
    const stale = await startGatewayDeposit(prisma(), gateway(), { userId: payer.id, amount: "2000", idempotencyKey: newIdempotencyKey() });
    await prisma().paymentOrder.update({ where: { id: stale.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    const fresh = await startGatewayDeposit(prisma(), gateway(), { userId: payer.id, amount: "3000", idempotencyKey: newIdempotencyKey() });

    // A withdrawal approved to a verified account, whose process died before sending the payout.
    const withdrawer = await createUser(prisma(), {
      kycStatus: "approved",
      subscriptionActive: true,
      tier: "small_investor",
      balance: "9000",
    });
    const admin = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    await registerBankAccount(prisma(), gateway(), {
      userId: withdrawer.id,
      accountNumber: "401004561357",
      ifsc: "HDFC0001234",
      bankName: "HDFC Bank",
      accountType: "savings",
    });
    const { ticketId } = await requestWithdrawal(prisma(), { userId: withdrawer.id, amount: "2500", opsRecipients: [] });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", payoutProvider: "razorpay" });
    expect((await prisma().payout.findUniqueOrThrow({ where: { ticketId } })).status).toBe("queued");

    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: "0 0 1 1 *",
      mail: { from: "Aangan <a@b.in>", outboxDir: mkdtempSync(path.join(tmpdir(), "aangan-payments-jobs-outbox-")) },
      jobs: [
        paymentsJob(EVERY_MINUTE, gateway, { pollingIntervalSeconds: 0.5 }),
        reconciliationJob(DAILY, gateway, { pollingIntervalSeconds: 0.5 }),
      ],
    });
    const boss = runningJobs()!.boss;
    const schedules = await boss.getSchedules();
    expect(
      schedules
        .filter((schedule) => schedule.name === PAYMENTS_QUEUE || schedule.name === RECONCILIATION_QUEUE)
        .map((schedule) => [schedule.name, schedule.cron])
        .sort(),
    ).toEqual(
      [
        [RECONCILIATION_QUEUE, DAILY],
        [PAYMENTS_QUEUE, EVERY_MINUTE],
      ].sort(),
    );

    // Each fires twice (a retry, a second process): the work is done once.
    await boss.send(PAYMENTS_QUEUE, {});
    await boss.send(PAYMENTS_QUEUE, {}, { singletonKey: "second" });
    await boss.send(RECONCILIATION_QUEUE, {});
    await boss.send(RECONCILIATION_QUEUE, {}, { singletonKey: "second" });
    await untilDone(PAYMENTS_QUEUE);
    await untilDone(RECONCILIATION_QUEUE);

    const orders = await prisma().paymentOrder.findMany({ where: { userId: payer.id }, orderBy: { amount: "asc" } });
    expect(orders.map((order) => [order.id, order.status])).toEqual([
      [stale.id, "expired"],
      [fresh.id, "created"],
    ]);

    const payout = await prisma().payout.findUniqueOrThrow({ where: { ticketId } });
    expect(payout.status).toBe("processing");
    expect(payout.providerPayoutId).toMatch(/^pout_/);
    // The provider holds one payout for it: the same idempotency key answers the same payout.
    const again = await gateway().createPayout({
      fundAccountId: (await prisma().bankAccount.findFirstOrThrow({ where: { userId: withdrawer.id } })).providerFundAccountId!,
      amountPaise: 250_000,
      referenceId: payout.id,
      narration: "check",
      idempotencyKey: payout.id,
    });
    expect(again.id).toBe(payout.providerPayoutId);

    const runs = await prisma().reconciliationRun.findMany();
    expect(runs.map((run) => [run.day.toISOString().slice(0, 10), run.provider, run.ranBy])).toEqual([
      [previousIndiaDay(), "razorpay", null],
    ]);
    expect(await checkInvariants(prisma())).toEqual([]);
  }, 90_000);
});

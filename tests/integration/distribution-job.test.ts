import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISTRIBUTION_PAYMENT_QUEUE, distributionPaymentsJob } from "../../app/domain/distributions/distribution-job.server";
import { declareDistribution } from "../../app/domain/distributions/distributions.server";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { runningJobs } from "../../app/services/jobs/boss.server";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { createInvestor, createProperty, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The distribution payment runs as a pg-boss job: jobs sent twice pay once, and each holder
 * gets an e-mail through the mail job (the outbox, without SMTP).
 */

const db = useTestDatabase();
const NEVER = "0 0 1 1 *";
const outboxDir = mkdtempSync(path.join(tmpdir(), "aangan-distribution-outbox-"));

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
});
afterAll(async () => {
  await stopJobs();
});

const istDate = (moment: Date) => new Date(moment.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe("the distribution payment job", () => {
  it("pays a due distribution once however often it runs, and mails each holder", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { title: "Job Court", sharePrice: "100", minimumInvestment: "100" });
    const holders = [await createInvestor(prisma, { balance: "5000" }), await createInvestor(prisma, { balance: "5000" })];
    for (const [index, holder] of holders.entries()) {
      await purchaseShares(prisma, { userId: holder.id, propertyId: property.id, shares: index + 1, idempotencyKey: newIdempotencyKey() });
    }
    await prisma.transaction.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
    const admin = await createUser(prisma, { isAdmin: true });
    const { distributionId } = await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "100",
      recordDate: istDate(new Date(Date.now() - 86_400_000)),
      paymentDate: istDate(new Date()),
      note: "",
    });

    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: NEVER,
      mail: { from: "Aangan <a@b.in>", outboxDir },
      jobs: [distributionPaymentsJob(NEVER, { pollingIntervalSeconds: 0.5 })],
    });
    const boss = runningJobs()!.boss;
    await boss.send(DISTRIBUTION_PAYMENT_QUEUE, {});
    await boss.send(DISTRIBUTION_PAYMENT_QUEUE, {}, { singletonKey: "second" });

    const until = Date.now() + 20_000;
    let mails: string[] = [];
    for (;;) {
      mails = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
      const row = await prisma.propertyDistribution.findUniqueOrThrow({ where: { id: distributionId } });
      if (row.status === "paid" && mails.length >= 2) break;
      if (Date.now() > until) throw new Error(`distribution ${row.status}, ${mails.length} mails`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // 3 shares held: ₹33.33 a share, 1 paisa left.
    const row = await prisma.propertyDistribution.findUniqueOrThrow({ where: { id: distributionId } });
    expect([row.perShareAmount?.toFixed(2), row.paidAmount?.toFixed(2), row.remainderAmount?.toFixed(2)]).toEqual([
      "33.33",
      "99.99",
      "0.01",
    ]);
    expect(await prisma.transaction.count({ where: { transactionType: "dividend", referenceId: distributionId } })).toBe(2);
    const texts = mails.map((name) => readFileSync(path.join(outboxDir, name), "utf8"));
    for (const holder of holders) expect(texts.some((text) => text.includes(holder.email))).toBe(true);
    expect(texts.join("\n")).toContain("Job Court");
    expect(await checkLedger(prisma)).toEqual([]);
  });
});

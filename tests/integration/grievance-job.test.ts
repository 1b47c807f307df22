import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRIEVANCE_ESCALATION_QUEUE, grievanceEscalationJob } from "../../app/domain/grievances/grievance-job.server";
import { raiseComplaint } from "../../app/domain/grievances/raise-grievance.server";
import { runningJobs } from "../../app/services/jobs/boss.server";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { createInvestor, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/** The escalation runs as a pg-boss job: sent twice, a missed clock escalates once, by alert and by mail. */

const db = useTestDatabase();
const NEVER = "0 0 1 1 *";
const outboxDir = mkdtempSync(path.join(tmpdir(), "aangan-grievance-outbox-"));

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
});
afterAll(async () => {
  await stopJobs();
});

describe("the grievance escalation job", () => {
  it("escalates a complaint nobody acknowledged in 24 hours once, however often it runs, and mails the admin", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma);
    const admin = await createUser(prisma, { isAdmin: true, email: "second-admin@grievance.example.in" });
    const { ticketId } = await raiseComplaint(
      prisma,
      investor.id,
      { subject: "Nobody answered", description: "Raised two days ago and never acknowledged." },
      new Date(Date.now() - 2 * 86_400_000),
    );

    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: NEVER,
      mail: { from: "Aangan <a@b.in>", outboxDir },
      jobs: [grievanceEscalationJob(NEVER, { pollingIntervalSeconds: 0.5 })],
    });
    const boss = runningJobs()!.boss;
    await boss.send(GRIEVANCE_ESCALATION_QUEUE, {});
    await boss.send(GRIEVANCE_ESCALATION_QUEUE, {}, { singletonKey: "second" });

    const until = Date.now() + 20_000;
    let mails: string[] = [];
    for (;;) {
      mails = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
      const waiting = await boss.getQueueSize(GRIEVANCE_ESCALATION_QUEUE, { before: "completed" });
      if (mails.length >= 1 && waiting === 0) break;
      if (Date.now() > until) throw new Error(`${mails.length} mails`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Both runs are done; a mail the second run queued would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const escalations = await prisma.grievanceEscalation.findMany({ where: { ticketId } });
    expect(escalations.map((e) => e.reason)).toEqual(["acknowledge_missed"]);
    expect(await prisma.userAlert.count({ where: { userId: admin.id, alertType: "grievance_escalated" } })).toBe(1);
    const texts = readdirSync(outboxDir)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => readFileSync(path.join(outboxDir, name), "utf8"));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(admin.email);
    expect(texts[0]).toContain("was not acknowledged within 24 hours");
  });
});

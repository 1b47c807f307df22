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
  it("escalates a complaint nobody acknowledged in 24 hours once, however often it runs, and mails the admin; on a fake clock, the 15- and 21-day clocks too", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma);
    const admin = await createUser(prisma, { isAdmin: true, email: "second-admin@grievance.example.in" });
    const { ticketId } = await raiseComplaint(
      prisma,
      investor.id,
      { subject: "Nobody answered", description: "Raised two days ago and never acknowledged." },
      new Date(Date.now() - 2 * 86_400_000),
    );

    // The job's clock: the wall clock first, then moved on days at a time (a fake clock).
    let clock = new Date();
    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: NEVER,
      mail: { from: "Aangan <a@b.in>", outboxDir },
      jobs: [grievanceEscalationJob(NEVER, { pollingIntervalSeconds: 0.5, now: () => clock })],
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

    // The same job on a fake clock: 16 days after the complaint the 15-day clock is missed, at 22
    // days the 21-day SCORES limit; each escalates once, by alert and by mail.
    const runAt = async (moment: Date, mailsExpected: number) => {
      clock = moment;
      await boss.send(GRIEVANCE_ESCALATION_QUEUE, {}, { singletonKey: `at-${moment.toISOString()}` });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const count = readdirSync(outboxDir).filter((name) => name.endsWith(".eml")).length;
        const waiting = await boss.getQueueSize(GRIEVANCE_ESCALATION_QUEUE, { before: "completed" });
        if (count >= mailsExpected && waiting === 0) break;
        if (Date.now() > deadline) throw new Error(`${count} mails, ${waiting} jobs waiting`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const raised = (await prisma.grievance.findUniqueOrThrow({ where: { ticketId } })).createdAt.getTime();
    await runAt(new Date(raised + 14 * 86_400_000), 1);
    expect((await prisma.grievanceEscalation.findMany({ where: { ticketId } })).map((e) => e.reason)).toEqual(["acknowledge_missed"]);
    await runAt(new Date(raised + 16 * 86_400_000), 2);
    await runAt(new Date(raised + 16 * 86_400_000 + 3_600_000), 2);
    expect(
      (await prisma.grievanceEscalation.findMany({ where: { ticketId }, orderBy: { createdAt: "asc" } })).map((e) => e.reason),
    ).toEqual(["acknowledge_missed", "resolve_missed"]);
    await runAt(new Date(raised + 22 * 86_400_000), 3);
    expect(
      (await prisma.grievanceEscalation.findMany({ where: { ticketId }, orderBy: { createdAt: "asc" } })).map((e) => e.reason),
    ).toEqual(["acknowledge_missed", "resolve_missed", "scores_missed"]);
    expect(await prisma.userAlert.count({ where: { userId: admin.id, alertType: "grievance_escalated" } })).toBe(3);
    const later = readdirSync(outboxDir)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => readFileSync(path.join(outboxDir, name), "utf8"))
      .join("\n");
    expect(later).toContain("15 days");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../../app/services/free-port.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession } from "#tests/setup/factories";
import { findViolations } from "#tests/setup/money-chaos";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Fault (c) of ADR 0034: the SMTP server is down. Requests that send mail (a fund
 * request mails operations) still succeed at once; the mail job fails and is retried by
 * pg-boss; when the SMTP server comes back on the same address the mail is delivered, once.
 */
const db = useTestDatabase();
const SECRET = "faults-smtp-session-secret-0123456789abcdef";
let app: AppProcess;
let smtpPort: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  smtpPort = await findFreePort(); // nothing listens there yet: connections are refused
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OPS_EMAIL: "ops@aangan.test",
    MAIL_RETRY_DELAY_SECONDS: "1",
  });
}, 90_000);
afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

const mailJobs = () =>
  db.current.prisma.$queryRaw<{ state: string; retry_count: number }[]>`
    SELECT state::text, retry_count FROM pgboss.job WHERE name = 'mail-send' ORDER BY created_on`;

describe("SMTP server down", () => {
  it("delays the e-mail (retried by the job) but fails no request", async () => {
    const investor = await createInvestor(db.current.prisma);
    const cookie = await createSession(db.current.prisma, investor.id, { production: true });
    const started = Date.now();
    const statuses: number[] = [];
    for (const amount of ["5000", "7000", "9000"]) {
      const response = await appClient(() => app).post("/waitlist-dashboard/wallet", cookie, {
        intent: "add-funds",
        amount,
        description: "NEFT",
        priority: "medium",
      });
      statuses.push(response.status);
    }
    // Answered at once, and successfully: the request only queues the mail.
    expect(statuses).toEqual([302, 302, 302]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await db.current.prisma.supportTicket.count({ where: { userId: investor.id } })).toBe(3);

    // One mail job per request; each tried, failed on the refused connection and waits to retry.
    await expect.poll(async () => (await mailJobs()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const queued = (await mailJobs()).length;
    await expect
      .poll(async () => (await mailJobs()).filter((j) => j.retry_count >= 1).length, { timeout: 60_000, interval: 250 })
      .toBe(queued);
    expect((await mailJobs()).some((j) => j.state === "completed")).toBe(false);

    // The SMTP server comes back on the same address: every message arrives, once.
    sink = await startSmtpSink({ port: smtpPort });
    await expect.poll(() => sink!.received.length, { timeout: 60_000, interval: 250 }).toBe(queued);
    await expect.poll(async () => (await mailJobs()).every((j) => j.state === "completed"), { timeout: 15_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(sink.received).toHaveLength(queued);
    expect(sink.received.every((m) => m.to.includes("ops@aangan.test"))).toBe(true);
    expect(await findViolations(db.current.prisma)).toEqual([]);
  }, 180_000);
});

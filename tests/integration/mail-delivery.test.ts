import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runningJobs } from "../../app/services/jobs/boss.server";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { enqueueMail, MAIL_QUEUE } from "../../app/services/mail/mail-queue.server";
import type { MailSettings } from "../../app/services/mail/transport.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess } from "#tests/setup/app-process";
import { createSession, createUser } from "#tests/setup/factories";
import { parseMessage, startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Mail leaves only from the pg-boss job: enqueue → worker → a real SMTP server on
 * 127.0.0.1, or an .eml file in the outbox when no SMTP server is configured.
 */

const db = useTestDatabase();
const FROM = "Aangan <no-reply@aangan.test>";
const NEVER = "0 0 1 1 *";
let sink: SmtpSink | undefined;
const dirs: string[] = [];

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aangan-mail-"));
  dirs.push(dir);
  return dir;
};

async function jobsWith(mail: Partial<MailSettings>) {
  await startJobs({
    databaseUrl: db.current.url,
    sessionSweepCron: NEVER,
    mail: { from: FROM, outboxDir: tempDir(), retryDelaySeconds: 1, ...mail },
  });
}

async function jobState(id: string) {
  const job = await runningJobs()!.boss.getJobById(MAIL_QUEUE, id);
  return { state: job?.state, retryCount: job?.retryCount };
}

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
});

afterEach(async () => {
  await stopJobs();
  await sink?.close();
  sink = undefined;
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("mail", () => {
  it("sends a queued message through SMTP from the job worker", async () => {
    sink = await startSmtpSink();
    await jobsWith({ smtpUrl: sink.url });
    const id = await enqueueMail({
      to: ["ops@aangan.test", "second-ops@aangan.test"],
      subject: "Subscription request from Asha Rao",
      text: "Asha Rao <asha@example.in> asked to upgrade to a premium subscription.",
    });

    await expect.poll(() => sink!.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual(["ops@aangan.test", "second-ops@aangan.test"]);
    expect(mail!.from).toBe("no-reply@aangan.test");
    const { headers, body } = parseMessage(mail!.raw);
    expect(headers.subject).toBe("Subscription request from Asha Rao");
    expect(headers.from).toBe(FROM);
    expect(headers.to).toBe("ops@aangan.test, second-ops@aangan.test");
    expect(body.trim()).toBe("Asha Rao <asha@example.in> asked to upgrade to a premium subscription.");
    await expect.poll(() => jobState(id).then((job) => job.state)).toBe("completed");
  });

  it("queued inside a transaction: sent once when it commits, never when it rolls back", async () => {
    sink = await startSmtpSink();
    await jobsWith({ smtpUrl: sink.url });
    const prisma = db.current.prisma;

    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueMail({ to: "rolled-back@aangan.test", subject: "Never sent", text: "x" }, tx);
        throw new Error("the command failed");
      }),
    ).rejects.toThrow("the command failed");

    const id = await prisma.$transaction(async (tx) => {
      const queued = await enqueueMail({ to: "committed@aangan.test", subject: "Sent with its commit", text: "₹2,500.00 credited." }, tx);
      // Not visible outside the transaction until it commits.
      const [outside] = await prisma.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM pgboss.job WHERE id = ${queued}::uuid`;
      expect(outside!.n).toBe(0);
      return queued;
    });

    await expect.poll(() => jobState(id).then((job) => job.state), { timeout: 15_000 }).toBe("completed");
    expect(sink.received.map((m) => m.to)).toEqual([["committed@aangan.test"]]);
    const [row] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->'to' ? 'rolled-back@aangan.test'`;
    expect(row!.n).toBe(0);
  });

  it("writes a parseable .eml under DATA_DIR/mail when no SMTP server is configured", async () => {
    const outboxDir = path.join(tempDir(), "mail");
    await jobsWith({ smtpUrl: undefined, outboxDir });
    await enqueueMail({ to: "ops@aangan.test", subject: "Outbox check", text: "Rupees: ₹1,00,000 raised." });

    // The transport writes `<name>.tmp` and then renames it: wait for the finished file, not the partial one.
    const finished = () => readdirSync(outboxDir).filter((name) => !name.endsWith(".tmp"));
    await expect.poll(() => finished().length, { timeout: 15_000 }).toBe(1);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const { headers, body } = parseMessage(readFileSync(path.join(outboxDir, file!), "utf8"));
    expect(headers.to).toBe("ops@aangan.test");
    expect(headers.from).toBe(FROM);
    expect(headers.subject).toBe("Outbox check");
    expect(headers["message-id"]).toMatch(/^<.+@.+>$/);
    expect(body.trim()).toBe("Rupees: ₹1,00,000 raised.");
  });

  it("retries a message the SMTP server turned away, and delivers it once", async () => {
    sink = await startSmtpSink({ rejectFirst: 1 });
    await jobsWith({ smtpUrl: sink.url });
    const id = await enqueueMail({ to: "ops@aangan.test", subject: "Retry check", text: "Second time lucky." });

    await expect.poll(() => sink!.received.length, { timeout: 20_000 }).toBe(1);
    expect(sink.rejected).toBe(1);
    await expect.poll(() => jobState(id)).toEqual({ state: "completed", retryCount: 1 });
    // Nothing is sent again once the job has completed.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(sink.received).toHaveLength(1);
    expect(parseMessage(sink.received[0]!.raw).headers.subject).toBe("Retry check");
  });

  it("refuses to queue a message without a recipient", async () => {
    await jobsWith({});
    await expect(enqueueMail({ to: [], subject: "Nobody", text: "x" })).rejects.toThrow("at least one recipient");
  });
});

describe("a subscription upgrade request", () => {
  it("mails operations from the app's job once the request is recorded", async () => {
    sink = await startSmtpSink();
    const secret = "mail-delivery-session-secret-0123456789abcdef";
    process.env.SESSION_SECRET = secret;
    const app = await startAppProcess({
      DATABASE_URL: db.current.url,
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: secret,
      SMTP_URL: sink.url,
      MAIL_FROM: FROM,
      OPS_EMAIL: "ops@aangan.test",
    });
    try {
      const user = await createUser(db.current.prisma, { email: "asha@example.in" });
      const cookie = await createSession(db.current.prisma, user.id, { production: true });
      const response = await appClient(() => app).post("/trial-expired", cookie, { intent: "request-upgrade" });
      expect(response.status).toBe(302);
      const ticket = await db.current.prisma.supportTicket.findFirstOrThrow({ where: { userId: user.id } });

      await expect.poll(() => sink!.received.length, { timeout: 15_000 }).toBe(1);
      const { headers, body } = parseMessage(sink.received[0]!.raw);
      expect(sink.received[0]!.to).toEqual(["ops@aangan.test"]);
      expect(headers.subject).toBe("Subscription request from Test User");
      expect(body).toContain("Test User <asha@example.in> asked to upgrade to a premium subscription.");
      expect(body).toContain(`Support ticket: ${ticket.id}`);

      // Asking again while the request is open records nothing new and sends nothing new.
      await appClient(() => app).post("/trial-expired", cookie, { intent: "request-upgrade" });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sink.received).toHaveLength(1);
    } finally {
      await app.stop();
    }
  }, 90_000);
});

import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { findFreePort } from "../../app/services/free-port.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink";
import { useTestDatabase } from "#tests/setup/test-database";
import { untilNoBackendRuns } from "./support/dead-backends";

/**
 * Notices about money survive a crash (ADR 0051): the alert and the mail job are written in
 * the transaction that moves the money, so a process killed with SIGKILL after the commit
 * still delivers both, once, after a restart; and killed before the commit, it leaves
 * neither the money nor a notice about it. The money command is an admin closing a
 * withdrawal request (the hold is voided; the investor gets an alert and a mail), and a
 * buyer's hold on a listing, whose database function writes the seller's alert and mail to
 * the outbox in its own statement (ADR 0060).
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "notices-crash-session-secret-0123456789abcdef";
const NEVER = "0 0 1 1 *";
let running: AppProcess[] = [];
let sink: SmtpSink | undefined;

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
});
afterEach(async () => {
  await Promise.all(running.map((app) => app.stop("SIGKILL")));
  running = [];
  await sink?.close();
  sink = undefined;
});

async function start(smtpUrl: string) {
  const app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    SMTP_URL: smtpUrl,
    MAIL_RETRY_DELAY_SECONDS: "1",
    FOUR_EYES_THRESHOLD_INR: "100000000",
    // No scheduled job writes to the job table while a test watches it.
    JOBS_MARKET_EXPIRY_CRON: NEVER,
    JOBS_SESSION_SWEEP_CRON: NEVER,
    JOBS_DISTRIBUTIONS_CRON: NEVER,
    // The outbox is drained by the command itself and once at start-up; no schedule races the test.
    JOBS_MAIL_OUTBOX_CRON: NEVER,
    LOG_LEVEL: "fatal",
  });
  running.push(app);
  return app;
}

async function kill(app: AppProcess) {
  app.child.kill("SIGKILL");
  await app.exited;
  running = running.filter((a) => a !== app);
}

/** An SMTP address nothing listens on: the first process can never deliver. */
const deadSmtp = async () => `smtp://127.0.0.1:${await findFreePort()}`;

async function withdrawalToClose() {
  const investor = await createInvestor(prisma(), { balance: "9000" });
  const receipt = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
  const admin = await createUser(prisma(), { isAdmin: true });
  const cookie = await createSession(prisma(), admin.id, { production: true });
  return { investor, ticketId: receipt.ticketId, cookie };
}

function closeTicket(app: AppProcess, cookie: string, ticketId: string) {
  return appClient(() => app)
    .post("/admin/support", cookie, { ticketId, status: "closed", adminResponse: "Closed at your request" })
    .then(
      (r) => r.status,
      () => 0,
    );
}

async function notices(email: string, userId: string) {
  const [jobs] = await prisma().$queryRaw<{ count: number; completed: number }[]>`
    SELECT COUNT(*)::int AS count, COUNT(*) FILTER (WHERE state = 'completed')::int AS completed
      FROM pgboss.job WHERE name = 'mail-send' AND data->'to' ? ${email}`;
  const alerts = await prisma().userAlert.count({ where: { userId, alertType: "support_ticket" } });
  const ticketStatus = async (id: string) => (await prisma().supportTicket.findUniqueOrThrow({ where: { id } })).status;
  return { mailJobs: jobs!.count, delivered: jobs!.completed, alerts, ticketStatus };
}

const mailsTo = (email: string) => sink!.received.filter((m) => m.to.includes(email));

describe("notices about money and SIGKILL", () => {
  it("killed after the commit, before the mail went out: after a restart the mail arrives once, and the alert exists once", async () => {
    const { investor, ticketId, cookie } = await withdrawalToClose();
    const first = await start(await deadSmtp());
    expect(await closeTicket(first, cookie, ticketId)).toBe(302);
    await kill(first);

    const before = await notices(investor.email, investor.id);
    expect(await before.ticketStatus(ticketId)).toBe("closed");
    expect(before).toMatchObject({ mailJobs: 1, delivered: 0, alerts: 1 });

    sink = await startSmtpSink();
    await start(sink.url);
    await expect.poll(async () => (await notices(investor.email, investor.id)).delivered, { timeout: 30_000 }).toBe(1);
    // The one job is completed, so nothing will send it again.
    expect(mailsTo(investor.email)).toHaveLength(1);
    expect(mailsTo(investor.email)[0]!.raw).toContain("closed");
    expect(await notices(investor.email, investor.id)).toMatchObject({ mailJobs: 1, delivered: 1, alerts: 1 });
  }, 180_000);

  it("killed while the mail was being written: neither the money nor a notice is left, and the retried command notifies once", async () => {
    const { investor, ticketId, cookie } = await withdrawalToClose();
    const first = await start(await deadSmtp());

    // Hold every insert into pg-boss's job table, so the command stops exactly where its mail is written.
    const blocker = new pg.Client({ connectionString: db.current.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE pgboss.job IN SHARE MODE");
      const answered = closeTicket(first, cookie, ticketId);
      // The command has reached its mail when its INSERT waits on the lock, or (were the mail
      // queued after the commit) when its change is committed: pg-boss's own connections are
      // then all stuck behind the lock, and a kill loses the mail. Read from another
      // connection: inside the blocker's transaction pg_stat_activity is a snapshot.
      await expect
        .poll(
          async () =>
            (
              await prisma().$queryRaw<{ n: number }[]>`
                SELECT (SELECT COUNT(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO pgboss.job%')
                     + (SELECT COUNT(*)::int FROM support_tickets WHERE id = ${ticketId}::uuid AND status = 'closed') AS n`
            )[0]!.n,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await kill(first);
      await answered;
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      await blocker.end();
    }
    // The dead process's connections end once PostgreSQL notices them; until then its transaction is undecided.
    await untilNoBackendRuns(prisma(), "INSERT INTO pgboss.job");

    const after = await notices(investor.email, investor.id);
    const status = await after.ticketStatus(ticketId);
    // Money and its notices together, or neither: a closed ticket without its mail job is a lost mail.
    expect({ status, mailJobs: after.mailJobs, alerts: after.alerts }).toEqual({ status: "open", mailJobs: 0, alerts: 0 });

    sink = await startSmtpSink();
    const second = await start(sink.url);
    expect(await closeTicket(second, cookie, ticketId)).toBe(302);
    await expect.poll(async () => (await notices(investor.email, investor.id)).delivered, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(investor.email)).toHaveLength(1);
    expect(await notices(investor.email, investor.id)).toMatchObject({ mailJobs: 1, delivered: 1, alerts: 1 });
    expect(await after.ticketStatus(ticketId)).toBe("closed");
  }, 180_000);

  it("a Buy Now killed after its commit, before its outbox mail reached the queue: after a restart the seller's mail arrives once", async () => {
    // Issued at the ask's price, so the ask is inside the ±20% band (ADR 0076).
    const { property, seller } = await createMarket(prisma(), { sharePrice: "150" });
    await prisma().property.update({ where: { id: property.id }, data: { propertyStatus: "funded" } });
    const order = await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "5",
      pricePerShare: "150",
      idempotencyKey: newKey(),
    });
    const buyer = await createInvestor(prisma(), { balance: "5000" });
    const cookie = await createSession(prisma(), buyer.id, { production: true });
    const first = await start(await deadSmtp());

    // Every insert into pg-boss's job table waits, so the reservation commits and its drain stops at the mail queue.
    const blocker = new pg.Client({ connectionString: db.current.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE pgboss.job IN SHARE MODE");
      const answered = appClient(() => first)
        .post("/trading", cookie, { intent: "buy", orderId: order.orderId, shares: "2", idempotencyKey: newKey(), returnTo: "/trading" })
        .then(
          (r) => r.status,
          () => 0,
        );
      await expect
        .poll(
          async () =>
            (
              await prisma().$queryRaw<{ n: number }[]>`
                SELECT (SELECT COUNT(*)::int FROM share_buyer_holds WHERE buyer_id = ${buyer.id}::uuid)
                     * (SELECT COUNT(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO pgboss.job%') AS n`
            )[0]!.n,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await kill(first);
      await answered;
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      await blocker.end();
    }
    await untilNoBackendRuns(prisma(), "INSERT INTO pgboss.job");

    const outbox = () =>
      prisma().$queryRaw<{ queued: boolean }[]>`
        SELECT queued_at IS NOT NULL AS queued FROM mail_outbox WHERE message->'to' ? ${seller.email}`;
    const sellerAlerts = () => prisma().userAlert.count({ where: { userId: seller.id, alertType: "shares_reserved" } });
    // The reservation (its hold) and both its notices committed; the mail never reached the queue.
    expect(await prisma().shareBuyerHold.count({ where: { buyerId: buyer.id } })).toBe(1);
    expect(await sellerAlerts()).toBe(1);
    expect(await outbox()).toEqual([{ queued: false }]);
    expect((await notices(seller.email, seller.id)).mailJobs).toBe(0);

    sink = await startSmtpSink();
    await start(sink.url);
    await expect.poll(async () => (await notices(seller.email, seller.id)).delivered, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(mailsTo(seller.email)[0]!.raw).toContain("Shares Reserved: Baner Heights");
    expect(await outbox()).toEqual([{ queued: true }]);
    expect((await notices(seller.email, seller.id)).mailJobs).toBe(1);
    expect(await sellerAlerts()).toBe(1);
  }, 180_000);
});

import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { CREATED_ORDER_HOURS, expirePaymentOrders } from "../../app/domain/payments/expire-payment-orders.server";
import { findFreePort } from "../../app/services/free-port.server";
import { hmacHex } from "../../app/services/payments/gateway";
import { appClient, flashedToasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { gatewayAppEnv, startStandInServer } from "./support/stand-in-server";
import { untilNoBackendRuns } from "./support/dead-backends";

/**
 * Deposits through the payment gateway (ADR 0061), against the real app process and the
 * Razorpay stand-in as its own HTTP server, over real HTTP: a captured payment credits the
 * wallet exactly once however its webhooks and the payer's return arrive; a failure after
 * the capture changes nothing; a forged, unsigned or stale webhook writes nothing; another
 * amount than ordered is quarantined; a process killed while crediting credits once on the
 * provider's retry. The books are checked after each.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "payments-gateway-session-secret-0123456789abcdef";
const keys = { keyId: "rzp_test_integration", keySecret: "integration-key-secret", webhookSecret: "integration-webhook-secret" };
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let standInUrl: string;
let appPort: number;
let app: AppProcess | undefined;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  appPort = await findFreePort();
  standIn = await startStandInServer({ ...keys, webhookUrl: `http://127.0.0.1:${appPort}/webhooks/razorpay`, pendingMs: 1_000 });
  standInUrl = standIn.url;
  app = await start();
}, 120_000);

afterEach(async () => {
  if (!app || app.child.exitCode !== null) app = await start();
});

afterAll(async () => {
  await app?.stop();
  standIn?.close();
});

function start() {
  return startAppProcess(
    {
      ...gatewayAppEnv({ databaseUrl: db.current.url, sessionSecret: SECRET, standInUrl, keys }),
    },
    { port: appPort },
  );
}

const client = () => appClient(() => app!);

async function standInCall(path: string, body: object) {
  const response = await fetch(`${standInUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { payment_id: string; order_id: string; signature: string; webhook_statuses: number[] };
}

/**
 * An investor with approved KYC starts paying `amount` from the wallet's Pay Online form:
 * a waitlist player from theirs, an investor who already holds shares from the dashboard's.
 */
async function startPayment(amount = "5000", tier: "waitlist_player" | "small_investor" = "waitlist_player") {
  const investor =
    tier === "waitlist_player"
      ? await createInvestor(prisma(), { balance: "0" })
      : await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier, balance: "0" });
  const cookie = await createSession(prisma(), investor.id, { production: true });
  const wallet = tier === "waitlist_player" ? "/waitlist-dashboard/wallet" : "/dashboard/wallet";
  const response = await client().post(wallet, cookie, { intent: "pay-online", amount, idempotencyKey: newIdempotencyKey() });
  expect(response.status).toBe(302);
  const order = await prisma().paymentOrder.findFirstOrThrow({ where: { userId: investor.id } });
  expect(response.headers.get("location")).toBe(`/wallet/payments/${order.id}`);
  expect(order.providerOrderId).toMatch(/^order_/);
  return { investor, cookie, order: { id: order.id, providerOrderId: order.providerOrderId! } };
}

async function walletOf(userId: string) {
  const row = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } });
  return row.availableBalance.toFixed(2);
}

async function creditsOf(userId: string) {
  const [row] = await prisma().$queryRaw<{ deposits: number; fees: number; journals: number }[]>`
    SELECT (SELECT COUNT(*)::int FROM transactions WHERE user_id = ${userId}::uuid AND transaction_type = 'deposit') AS deposits,
           (SELECT COUNT(*)::int FROM transactions WHERE user_id = ${userId}::uuid AND transaction_type = 'fee') AS fees,
           (SELECT COUNT(DISTINCT p.journal_id)::int FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE a.user_id = ${userId}::uuid) AS journals`;
  return row!;
}

async function expectBooksClean() {
  expect(await checkInvariants(prisma())).toEqual([]);
}

function signedWebhook(event: string, payment: object, createdAt = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify({
    entity: "event",
    event,
    contains: ["payment"],
    payload: { payment: { entity: payment } },
    created_at: createdAt,
  });
  return { body, signature: hmacHex(keys.webhookSecret, body) };
}

function postWebhook(body: string, headers: Record<string, string>) {
  return fetch(`${app!.baseUrl}/webhooks/razorpay`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
}

/** The checkout's return as the gateway's page posts it: cross-site, with no session. */
function postReturn(fields: Record<string, string>) {
  return fetch(`${app!.baseUrl}/payments/return`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: standInUrl, "Sec-Fetch-Site": "cross-site" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("a deposit through the gateway", () => {
  it("credits once though the webhooks arrive ten times in parallel and the payer's return lands too", async () => {
    const { investor, order, cookie } = await startPayment("5000", "small_investor");
    // The payment's page carries the checkout form (the public key id), never a secret.
    const paymentPage = await (await client().get(`/wallet/payments/${order.id}`, cookie)).text();
    expect(paymentPage).toContain(keys.keyId);
    expect(paymentPage).not.toContain(keys.keySecret);
    expect(paymentPage).not.toContain(keys.webhookSecret);
    // Captured at the gateway, no webhook sent yet.
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, webhooks: false });
    const [resent, returned] = await Promise.all([
      standInCall("/_stand-in/resend", { payment_id: paid.payment_id, times: 10 }),
      postReturn({ razorpay_payment_id: paid.payment_id, razorpay_order_id: paid.order_id, razorpay_signature: paid.signature }),
    ]);
    expect(new Set(resent.webhook_statuses)).toEqual(new Set([200]));
    expect(resent.webhook_statuses).toHaveLength(30); // authorized, captured, order.paid, ten times each
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe(`/wallet/payments/${order.id}`);

    expect(await walletOf(investor.id)).toBe("4990.00");
    expect(await creditsOf(investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    const row = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.providerPaymentId, row.paidAmount?.toFixed(2), row.method]).toEqual([
      "paid",
      paid.payment_id,
      "5000.00",
      "upi",
    ]);
    const events = await prisma().paymentWebhookEvent.findMany({
      orderBy: { eventType: "asc" },
      where: { body: { contains: paid.payment_id } },
    });
    expect(events.map((event) => [event.eventType, event.deliveries, event.processedAt !== null])).toEqual([
      ["order.paid", 10, true],
      ["payment.authorized", 10, true],
      ["payment.captured", 10, true],
    ]);
    const alerts = await prisma().userAlert.findMany({ where: { userId: investor.id, alertType: "funds_added" } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("₹5,000.00 received by UPI");
    expect(alerts[0]!.message).toContain("₹4,990.00 was added to your wallet");
    // And one e-mail, queued with the credit.
    const mails = await prisma().$queryRaw<{ subject: string }[]>`
      SELECT data->>'subject' AS subject FROM pgboss.job WHERE name = 'mail-send' AND data->'to' ? ${investor.email}`;
    expect(mails.map((mail) => mail.subject)).toEqual(["Funds Added: ₹4,990.00 is in your Aangan wallet"]);
    await expectBooksClean();
  });

  it("webhooks re-sent late and in reverse order credit once, whether the return came first or last", async () => {
    // The return credits first; the gateway's events arrive later, order.paid before the capture, three times over.
    const first = await startPayment("2000");
    const firstPaid = await standInCall("/_stand-in/pay", { order_id: first.order.providerOrderId, webhooks: false });
    const [late, returned] = await Promise.all([
      standInCall("/_stand-in/resend", { payment_id: firstPaid.payment_id, reverse: true, times: 3, delay_ms: 1_500 }),
      postReturn({
        razorpay_payment_id: firstPaid.payment_id,
        razorpay_order_id: firstPaid.order_id,
        razorpay_signature: firstPaid.signature,
      }),
    ]);
    expect(returned.status).toBe(302);
    expect(late.webhook_statuses).toEqual(Array(9).fill(200));
    expect(await walletOf(first.investor.id)).toBe("1990.00");
    expect(await creditsOf(first.investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    const firstEvents = await prisma().paymentWebhookEvent.findMany({ where: { body: { contains: firstPaid.payment_id } } });
    expect(firstEvents.map((event) => [event.eventType, event.deliveries, event.outcome]).sort()).toEqual([
      ["order.paid", 3, "already_credited"],
      ["payment.authorized", 3, "ignored"],
      ["payment.captured", 3, "already_credited"],
    ]);

    // No return at all: the events alone, newest first (order.paid, then the capture, then the authorisation).
    const second = await startPayment("3000");
    const secondPaid = await standInCall("/_stand-in/pay", { order_id: second.order.providerOrderId, webhooks: false });
    const reversed = await standInCall("/_stand-in/resend", { payment_id: secondPaid.payment_id, reverse: true });
    expect(reversed.webhook_statuses).toEqual([200, 200, 200]);
    expect(await walletOf(second.investor.id)).toBe("2990.00");
    const creditedBy = await prisma().paymentWebhookEvent.findMany({
      where: { body: { contains: secondPaid.payment_id }, outcome: "credited" },
    });
    expect(creditedBy.map((event) => event.eventType)).toEqual(["order.paid"]);
    // The payer's return lands last of all: it shows the credit and credits nothing more.
    const lastReturn = await postReturn({
      razorpay_payment_id: secondPaid.payment_id,
      razorpay_order_id: secondPaid.order_id,
      razorpay_signature: secondPaid.signature,
    });
    expect(lastReturn.headers.get("location")).toBe(`/wallet/payments/${second.order.id}`);
    expect(await creditsOf(second.investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    await expectBooksClean();
  });

  it("an order nobody pays ends: the sweep expires it once, and a capture that still arrives is credited once", async () => {
    const unpaid = await startPayment("1200");
    const later = new Date(Date.now() + (CREATED_ORDER_HOURS + 1) * 3_600_000);
    expect(await expirePaymentOrders(prisma(), new Date(Date.now() + (CREATED_ORDER_HOURS - 1) * 3_600_000))).toEqual({ paymentOrders: 0 });
    expect(await expirePaymentOrders(prisma(), later)).toMatchObject({ paymentOrders: expect.any(Number) });
    const expired = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: unpaid.order.id } });
    expect([expired.status, expired.failureReason]).toEqual(["expired", "Not paid in time"]);
    expect(await expirePaymentOrders(prisma(), later)).toEqual({ paymentOrders: 0 });
    expect(await walletOf(unpaid.investor.id)).toBe("0.00");

    // The payer had paid after all; the gateway's events arrive late: the money is not lost, and counted once.
    const paid = await standInCall("/_stand-in/pay", { order_id: unpaid.order.providerOrderId });
    expect(paid.webhook_statuses).toEqual([200, 200, 200]);
    await standInCall("/_stand-in/resend", { payment_id: paid.payment_id, times: 2 });
    expect(await walletOf(unpaid.investor.id)).toBe("1190.00");
    expect(await creditsOf(unpaid.investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    expect((await prisma().paymentOrder.findUniqueOrThrow({ where: { id: unpaid.order.id } })).status).toBe("paid");
    await expectBooksClean();
  });

  it("the Pay Online form keeps the deposit rules: ₹1,000 at least, one order per form, the day's limit, approved KYC", async () => {
    const investor = await createInvestor(prisma(), { balance: "0" });
    const cookie = await createSession(prisma(), investor.id, { production: true });
    const pay = (amount: string, idempotencyKey = newIdempotencyKey()) =>
      client().post("/waitlist-dashboard/wallet", cookie, { intent: "pay-online", amount, idempotencyKey });
    const orders = () => prisma().paymentOrder.count({ where: { userId: investor.id } });

    const tooSmall = await pay("999");
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.text()).toContain("minimum ₹1,000");
    expect(await orders()).toBe(0);

    // The form sent twice at once (a double tap) is one order at the gateway; its key with another amount is refused.
    const key = newIdempotencyKey();
    const twice = await Promise.all([pay("5000", key), pay("5000", key)]);
    expect(
      await Promise.all(twice.map(async (answer) => [answer.status, answer.status === 302 ? "" : (await answer.text()).slice(0, 300)])),
    ).toEqual([
      [302, ""],
      [302, ""],
    ]);
    expect(new Set(twice.map((answer) => answer.headers.get("location"))).size).toBe(1);
    expect(await orders()).toBe(1);
    expect((await pay("6000", key)).status).toBe(409);

    // The day's limit (₹2 crore by default) counts gateway orders: ₹5,000 + ₹1 crore fits, another ₹1 crore does not.
    expect((await pay("1,00,00,000")).status).toBe(302);
    const overDay = await pay("1,00,00,000");
    expect(overDay.status).toBe(400);
    expect(await overDay.text()).toContain("a day");
    expect(await orders()).toBe(2);

    const unverified = await createUser(prisma(), { kycStatus: "pending", subscriptionActive: true, tier: "small_investor", balance: "0" });
    const unverifiedCookie = await createSession(prisma(), unverified.id, { production: true });
    const refused = await client().post("/dashboard/wallet", unverifiedCookie, {
      intent: "pay-online",
      amount: "5000",
      idempotencyKey: newIdempotencyKey(),
    });
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/kyc"]);
    expect(await prisma().paymentOrder.count({ where: { userId: unverified.id } })).toBe(0);
  });

  it("a payment pending with the bank shows as pending, then is credited once when the gateway captures it", async () => {
    const { investor, order, cookie } = await startPayment("2200");
    const pending = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, outcome: "pending" });
    expect(pending.webhook_statuses).toEqual([200]); // payment.authorized, now
    expect((await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
    expect(await walletOf(investor.id)).toBe("0.00");
    // The payer comes back while the bank still has it: the page says so, and nothing is credited.
    const returned = await postReturn({
      razorpay_payment_id: pending.payment_id,
      razorpay_order_id: pending.order_id,
      razorpay_signature: pending.signature,
    });
    expect(returned.headers.get("location")).toBe(`/wallet/payments/${order.id}`);
    expect(await walletOf(investor.id)).toBe("0.00");
    const page = (await (await client().get(`/wallet/payments/${order.id}`, cookie)).text()).replace(/<!-- -->/g, "");
    expect(page).toMatch(/[Pp]ending/);

    // The stand-in captures it a second later and sends payment.captured and order.paid.
    await expect.poll(() => walletOf(investor.id), { timeout: 15_000 }).toBe("2190.00");
    await expect
      .poll(
        async () =>
          (await prisma().paymentWebhookEvent.findMany({ where: { body: { contains: pending.payment_id }, processedAt: { not: null } } }))
            .length,
        { timeout: 15_000 },
      )
      .toBe(3);
    expect(await creditsOf(investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    expect((await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("paid");
    await expectBooksClean();
  });

  it("a failure reported after the capture changes nothing", async () => {
    const { investor, order } = await startPayment("2500");
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId });
    expect(paid.webhook_statuses).toEqual([200, 200, 200]);
    expect(await walletOf(investor.id)).toBe("2490.00");

    const failed = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, outcome: "failure" });
    expect(failed.webhook_statuses).toEqual([200]);
    // And the very payment that was captured, reported failed late and out of order.
    const late = signedWebhook("payment.failed", {
      id: paid.payment_id,
      order_id: order.providerOrderId,
      amount: 250000,
      currency: "INR",
      status: "failed",
      method: "upi",
    });
    expect(
      (await postWebhook(late.body, { "X-Razorpay-Signature": late.signature, "X-Razorpay-Event-Id": "evt_late_failure" })).status,
    ).toBe(200);

    const row = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.providerPaymentId]).toEqual(["paid", paid.payment_id]);
    expect(await walletOf(investor.id)).toBe("2490.00");
    expect(await creditsOf(investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    await expectBooksClean();
  });

  it("a forged, unsigned or stale webhook is refused with 401 and writes nothing", async () => {
    const { investor, order } = await startPayment("3000");
    const captured = {
      id: "pay_forged0000001",
      order_id: order.providerOrderId,
      amount: 300000,
      currency: "INR",
      status: "captured",
      method: "upi",
    };
    const genuine = signedWebhook("payment.captured", captured);
    const stale = signedWebhook("payment.captured", captured, Math.floor(Date.now() / 1000) - 72 * 3600);
    const before = await prisma().paymentWebhookEvent.count();
    const answers = await Promise.all([
      postWebhook(genuine.body, { "X-Razorpay-Signature": hmacHex("not-the-secret", genuine.body), "X-Razorpay-Event-Id": "evt_forged" }),
      postWebhook(genuine.body, { "X-Razorpay-Event-Id": "evt_unsigned" }),
      postWebhook(genuine.body.replace("300000", "3000000"), {
        "X-Razorpay-Signature": genuine.signature,
        "X-Razorpay-Event-Id": "evt_edited",
      }),
      postWebhook(stale.body, { "X-Razorpay-Signature": stale.signature, "X-Razorpay-Event-Id": "evt_stale" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(await prisma().paymentWebhookEvent.count()).toBe(before);
    expect(await walletOf(investor.id)).toBe("0.00");
    expect((await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("created");

    // A forged return is refused too, and the page is not a form any other site may post to without a signature.
    const forgedReturn = await postReturn({
      razorpay_payment_id: "pay_x",
      razorpay_order_id: order.providerOrderId,
      razorpay_signature: "0".repeat(64),
    });
    expect(forgedReturn.status).toBe(302);
    expect(await walletOf(investor.id)).toBe("0.00");
    expect((await fetch(`${app!.baseUrl}/webhooks/razorpay`)).status).toBe(405);
  });

  it("a payment of another amount than ordered is quarantined for an admin, never credited", async () => {
    const { investor, order } = await startPayment("4000");
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, amount: 40_000 });
    expect(paid.webhook_statuses).toEqual([200, 200, 200]);
    const row = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.paidAmount?.toFixed(2)]).toEqual(["quarantined", "400.00"]);
    const exceptions = await prisma().paymentException.findMany({ where: { paymentOrderId: order.id } });
    expect(exceptions.map((e) => [e.reason, e.expectedAmount.toFixed(2), e.paidAmount.toFixed(2)])).toEqual([
      ["amount_mismatch", "4000.00", "400.00"],
    ]);
    expect(await walletOf(investor.id)).toBe("0.00");
    expect(await creditsOf(investor.id)).toEqual({ deposits: 0, fees: 0, journals: 0 });
    await expectBooksClean();
  });

  it("killed while crediting, after the webhook was stored: the provider's retry credits exactly once", async () => {
    const { investor, order } = await startPayment("6000");
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, webhooks: false });

    // Hold the order's row, so the webhook's credit waits inside its transaction.
    const blocker = new pg.Client({ connectionString: db.current.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM payment_orders WHERE id = $1 FOR UPDATE", [order.id]);
      const delivery = standInCall("/_stand-in/resend", { payment_id: paid.payment_id, event: "payment.captured" });
      await expect
        .poll(async () => (await prisma().paymentWebhookEvent.findMany({ where: { body: { contains: paid.payment_id } } })).length, {
          timeout: 20_000,
        })
        .toBe(1);
      await expect
        .poll(
          async () =>
            (
              await prisma().$queryRaw<{ n: number }[]>`
                SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM payment_orders o%'`
            )[0]!.n,
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      app!.child.kill("SIGKILL");
      await app!.exited;
      const statuses = (await delivery).webhook_statuses;
      expect(statuses).toEqual([0]);
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      await blocker.end();
    }
    // The dead process's transaction is rolled back once PostgreSQL notices; nothing was credited.
    await untilNoBackendRuns(prisma(), "FROM payment_orders o");
    expect(await walletOf(investor.id)).toBe("0.00");
    const stored = await prisma().paymentWebhookEvent.findFirstOrThrow({ where: { body: { contains: paid.payment_id } } });
    expect(stored.processedAt).toBeNull();

    app = await start();
    const retried = await standInCall("/_stand-in/resend", { payment_id: paid.payment_id, event: "payment.captured", times: 3 });
    expect(retried.webhook_statuses).toEqual([200, 200, 200]);
    expect(await walletOf(investor.id)).toBe("5990.00");
    expect(await creditsOf(investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    const after = await prisma().paymentWebhookEvent.findUniqueOrThrow({ where: { id: stored.id } });
    expect([after.deliveries, after.outcome]).toEqual([4, "credited"]);
    await expectBooksClean();
  }, 120_000);

  it("an admin decides a quarantined payment once: two admins crediting together credit once; a refund goes back through the gateway", async () => {
    const [first, second] = await Promise.all([1, 2].map(() => createUser(prisma(), { isAdmin: true })));
    const [firstCookie, secondCookie] = await Promise.all(
      [first!, second!].map((a) => createSession(prisma(), a.id, { production: true })),
    );
    const credited = await startPayment("4000");
    await standInCall("/_stand-in/pay", { order_id: credited.order.providerOrderId, amount: 350_000 });
    const [creditCase] = await prisma().paymentException.findMany({ where: { paymentOrderId: credited.order.id } });
    const page = (await (await client().get("/admin/payments", firstCookie)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`name="exceptionId" value="${creditCase!.id}"`);

    const investorCookie = await createSession(prisma(), credited.investor.id, { production: true });
    expect((await client().post("/admin/payments", investorCookie, { intent: "credit", exceptionId: creditCase!.id })).status).toBe(403);
    const answers = await Promise.all(
      [firstCookie!, secondCookie!].map((cookie) =>
        client().post("/admin/payments", cookie, { intent: "credit", exceptionId: creditCase!.id }),
      ),
    );
    // Each form lands back on the page: one with the credit, the other told it was already decided.
    const said = await Promise.all(answers.map(async (answer) => [answer.status, (await flashedToasts(answer))[0]?.title]));
    expect(said.sort()).toEqual([
      [302, "Decision Failed"],
      [302, "Payment Credited"],
    ]);
    expect(await walletOf(credited.investor.id)).toBe("3490.00");
    expect(await creditsOf(credited.investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    expect(await prisma().paymentException.findUniqueOrThrow({ where: { id: creditCase!.id } })).toMatchObject({ resolution: "credited" });

    const refunded = await startPayment("2000");
    await standInCall("/_stand-in/pay", { order_id: refunded.order.providerOrderId, amount: 250_000 });
    const [refundCase] = await prisma().paymentException.findMany({ where: { paymentOrderId: refunded.order.id } });
    expect((await client().post("/admin/payments", firstCookie, { intent: "refund", exceptionId: refundCase!.id })).status).toBe(302);
    const again = await client().post("/admin/payments", secondCookie, { intent: "credit", exceptionId: refundCase!.id });
    expect((await flashedToasts(again))[0]).toMatchObject({
      title: "Decision Failed",
      description: expect.stringContaining("already decided"),
    });
    const decided = await prisma().paymentException.findUniqueOrThrow({ where: { id: refundCase!.id } });
    expect(decided).toMatchObject({ resolution: "refunded", refundId: expect.stringMatching(/^rfnd_/) });
    expect(await walletOf(refunded.investor.id)).toBe("0.00");
    const audit = await prisma().adminAuditLog.findMany({ where: { targetId: { in: [creditCase!.id, refundCase!.id] } } });
    expect(audit.map((entry) => entry.action).sort()).toEqual(["payments.exception_credit", "payments.exception_refund"]);
    await expectBooksClean();
  });

  it("refund.processed records a quarantined payment's refund once, even when the app died before recording it, so nobody credits it after", async () => {
    const refundEvent = (refundId: string, paymentId: string, amount: number) => {
      const body = JSON.stringify({
        entity: "event",
        event: "refund.processed",
        contains: ["refund", "payment"],
        payload: {
          refund: { entity: { id: refundId, entity: "refund", payment_id: paymentId, amount, currency: "INR", status: "processed" } },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmacHex(keys.webhookSecret, body) };
    };
    const deliver = async (event: { body: string; signature: string }, eventId: string) => {
      const answer = await postWebhook(event.body, { "X-Razorpay-Signature": event.signature, "X-Razorpay-Event-Id": eventId });
      return [answer.status, ((await answer.json()) as { outcome: string }).outcome];
    };

    // An admin's refund the gateway accepted, but the process died before recording it.
    const first = await startPayment("3000");
    const firstPaid = await standInCall("/_stand-in/pay", { order_id: first.order.providerOrderId, amount: 250_000 });
    await prisma().paymentException.updateMany({
      where: { providerPaymentId: firstPaid.payment_id },
      data: { resolution: "refund_requested" },
    });
    const refund = refundEvent("rfnd_crash000001", firstPaid.payment_id, 250_000);
    expect(await deliver(refund, "evt_refund_1")).toEqual([200, "refund_recorded"]);
    expect(await deliver(refund, "evt_refund_1")).toEqual([200, "duplicate"]);
    expect(await deliver(refund, "evt_refund_1_again")).toEqual([200, "refund_already_recorded"]);
    const recorded = await prisma().paymentException.findFirstOrThrow({ where: { providerPaymentId: firstPaid.payment_id } });
    expect([recorded.resolution, recorded.refundId]).toEqual(["refunded", "rfnd_crash000001"]);
    expect(await prisma().userAlert.count({ where: { userId: first.investor.id, title: "Payment Refunded" } })).toBe(1);

    // A quarantined payment refunded in the gateway's dashboard before anyone decided: no admin may credit it now.
    const second = await startPayment("3000");
    const secondPaid = await standInCall("/_stand-in/pay", { order_id: second.order.providerOrderId, amount: 280_000 });
    expect(await deliver(refundEvent("rfnd_dashboard001", secondPaid.payment_id, 280_000), "evt_refund_2")).toEqual([
      200,
      "refund_recorded",
    ]);
    const exception = await prisma().paymentException.findFirstOrThrow({ where: { providerPaymentId: secondPaid.payment_id } });
    const admin = await createUser(prisma(), { isAdmin: true });
    const adminCookie = await createSession(prisma(), admin.id, { production: true });
    const credit = await client().post("/admin/payments", adminCookie, { intent: "credit", exceptionId: exception.id });
    expect((await flashedToasts(credit))[0]).toMatchObject({
      title: "Decision Failed",
      description: expect.stringContaining("already decided"),
    });
    expect(await walletOf(second.investor.id)).toBe("0.00");

    // A refund of a payment that was never quarantined is answered, recorded in the inbox, and changes nothing.
    expect(await deliver(refundEvent("rfnd_notours0001", "pay_notours000001", 100_000), "evt_refund_3")).toEqual([200, "refund_not_ours"]);
    await expectBooksClean();
  });

  it("a webhook stored but never processed is listed for the admin, and a replay credits once, audited", async () => {
    const { investor, order } = await startPayment("1500");
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, webhooks: false });
    // As a crash between storing and processing leaves it: in the inbox, unprocessed.
    const event = signedWebhook("payment.captured", {
      id: paid.payment_id,
      order_id: order.providerOrderId,
      amount: 150000,
      currency: "INR",
      status: "captured",
      method: "netbanking",
    });
    const [stored] = await prisma().$queryRaw<{ id: string }[]>`
      INSERT INTO payment_webhook_events (provider, event_id, event_type, body, signature)
      VALUES ('razorpay', 'evt_replay_1', 'payment.captured', ${event.body}, ${event.signature}) RETURNING id::text AS id`;
    const admin = await createUser(prisma(), { isAdmin: true });
    const adminCookie = await createSession(prisma(), admin.id, { production: true });
    const listed = await fetch(`${app!.baseUrl}/admin/payments`, { headers: { Cookie: adminCookie } });
    expect(listed.status).toBe(200);
    expect((await listed.text()).replace(/<!-- -->/g, "")).toContain("payment.captured · 1 delivery");

    const investorCookie = await createSession(prisma(), investor.id, { production: true });
    expect((await client().post("/admin/payments", investorCookie, { intent: "replay", eventId: stored!.id })).status).toBe(403);
    expect(await walletOf(investor.id)).toBe("0.00");

    for (const _ of [1, 2]) {
      const replay = await client().post("/admin/payments", adminCookie, { intent: "replay", eventId: stored!.id });
      expect(replay.status).toBe(302);
    }
    expect(await walletOf(investor.id)).toBe("1490.00");
    expect(await creditsOf(investor.id)).toEqual({ deposits: 1, fees: 1, journals: 2 });
    const audit = await prisma().adminAuditLog.findMany({ where: { action: "payments.webhook_replay", targetId: stored!.id } });
    expect(audit.map((entry) => (entry.details as { after: { outcome: string } }).after.outcome)).toEqual(["credited", "duplicate"]);
    // The admin's list of payments names the gateway's payment id; so does the investor's payment page.
    expect(await (await client().get("/admin/payments", adminCookie)).text()).toContain(paid.payment_id);
    expect(await (await client().get(`/wallet/payments/${order.id}`, investorCookie)).text()).toContain(paid.payment_id);
    await expectBooksClean();
  });
});

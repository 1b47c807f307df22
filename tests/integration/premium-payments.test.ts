import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { endLapsedSubscriptions } from "../../app/domain/subscriptions/subscription-periods.server";
import { findFreePort } from "../../app/services/free-port.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { gatewayAppEnv, startStandInServer } from "./support/stand-in-server";

/**
 * Premium paid through the gateway (ADR 0063), against the real app process and the Razorpay
 * stand-in as its own HTTP server: a paid order starts one period however its webhooks and the
 * payer's return arrive, its money goes from the clearing account to revenue and never to the
 * wallet, another amount is quarantined, the receipt is its owner's alone, and Premium that ran
 * out no longer opens the dashboard. The price charged is the one /fees shows.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "premium-payments-session-secret-0123456789abcdef";
const keys = { keyId: "rzp_test_premium", keySecret: "premium-key-secret", webhookSecret: "premium-webhook-secret" };
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let standInUrl: string;
let app: AppProcess | undefined;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  const appPort = await findFreePort();
  standIn = await startStandInServer({ ...keys, webhookUrl: `http://127.0.0.1:${appPort}/webhooks/razorpay`, pendingMs: 1_000 });
  standInUrl = standIn.url;
  app = await startAppProcess(
    {
      ...gatewayAppEnv({ databaseUrl: db.current.url, sessionSecret: SECRET, standInUrl, keys }),
    },
    { port: appPort },
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  standIn?.close();
});

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

function postReturn(fields: Record<string, string>) {
  return fetch(`${app!.baseUrl}/payments/return`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: standInUrl, "Sec-Fetch-Site": "cross-site" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** A new explorer on a trial presses Pay for Premium. */
async function startPremium(stateCode: string | null = null) {
  const user = await createUser(prisma(), { balance: "0" });
  if (stateCode) await prisma().userProfile.update({ where: { id: user.id }, data: { stateCode } });
  const cookie = await createSession(prisma(), user.id, { production: true });
  const response = await client().post("/premium", cookie, { intent: "pay-premium", idempotencyKey: newIdempotencyKey() });
  expect(response.status).toBe(302);
  const order = await prisma().paymentOrder.findFirstOrThrow({ where: { userId: user.id } });
  expect(response.headers.get("location")).toBe(`/premium/payments/${order.id}`);
  expect([order.purpose, order.providerOrderId]).toEqual(["premium", expect.stringMatching(/^order_/)]);
  return { user, cookie, order: { id: order.id, providerOrderId: order.providerOrderId!, amount: order.amount.toFixed(2) } };
}

async function pdfText(response: Response): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text;
}

describe("Premium paid through the gateway", () => {
  it("starts one period though the webhooks arrive ten times in parallel and the return lands too; the money goes to revenue, not the wallet", async () => {
    const fees = await (await client().get("/fees")).text();
    const { user, cookie, order } = await startPremium();
    // The price charged is the one /fees shows (₹999.00 for 1 year, the migration's default).
    expect(order.amount).toBe("999.00");
    expect(fees).toContain("₹999.00 for 1 year, GST included");

    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, webhooks: false });
    const [resent, returned] = await Promise.all([
      standInCall("/_stand-in/resend", { payment_id: paid.payment_id, times: 10 }),
      postReturn({ razorpay_payment_id: paid.payment_id, razorpay_order_id: paid.order_id, razorpay_signature: paid.signature }),
    ]);
    expect(new Set(resent.webhook_statuses)).toEqual(new Set([200]));
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe(`/premium/payments/${order.id}`);

    const periods = await prisma().subscription.findMany({ where: { userId: user.id } });
    expect(periods).toHaveLength(1);
    const period = periods[0]!;
    expect([period.source, period.amount?.toFixed(2), period.paymentOrderId]).toEqual(["payment", "999.00", order.id]);
    const expectedEnd = new Date(period.startsAt);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 12);
    expect(Math.abs(period.endsAt!.getTime() - expectedEnd.getTime())).toBeLessThan(2 * 86_400_000);
    const profile = await prisma().userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect([profile.subscriptionActive, profile.tier]).toEqual([true, "waitlist_player"]);

    // One balanced journal, clearing -> platform revenue; the wallet untouched.
    const postings = await prisma().$queryRaw<{ code: string; amount: string; kind: string }[]>`
      SELECT a.code, p.amount::text AS amount, j.kind::text AS kind
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_journals j ON j.id = p.journal_id
       WHERE p.journal_id = ${period.journalId}::uuid ORDER BY a.code`;
    expect(postings).toEqual([
      { code: "platform:fees", amount: "999.00", kind: "subscription" },
      { code: "platform:gateway-clearing", amount: "-999.00", kind: "subscription" },
    ]);
    const wallet = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: user.id } });
    expect(wallet.availableBalance.toFixed(2)).toBe("0.00");
    expect(await prisma().transaction.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma().userAlert.count({ where: { userId: user.id, title: "Premium Active" } })).toBe(1);
    expect(await checkInvariants(prisma())).toEqual([]);

    // The Premium page says until when, and links the receipt.
    const page = await (await client().get("/premium", cookie)).text();
    expect(page).toContain("Premium is active until");
    expect(page).toContain(`/premium/periods/${period.id}/receipt.pdf`);
  });

  it("a payment of another amount is quarantined: no period, no Premium", async () => {
    const { user, order } = await startPremium();
    const paid = await standInCall("/_stand-in/pay", { order_id: order.providerOrderId, amount: 10_000 });
    expect(paid.webhook_statuses).toEqual([200, 200, 200]);
    const row = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.status, row.paidAmount?.toFixed(2)]).toEqual(["quarantined", "100.00"]);
    const exceptions = await prisma().paymentException.findMany({ where: { paymentOrderId: order.id } });
    expect(exceptions.map((e) => [e.reason, e.expectedAmount.toFixed(2)])).toEqual([["amount_mismatch", "999.00"]]);
    expect(await prisma().subscription.count({ where: { userId: user.id } })).toBe(0);
    const profile = await prisma().userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect([profile.subscriptionActive, profile.tier]).toEqual([false, "explorer"]);
    expect(await checkInvariants(prisma())).toEqual([]);
  });

  it("the receipt shows the taxable value and the GST heads by place of supply, and is 404 for anyone else", async () => {
    // Karnataka (29) is where the default GSTIN is registered: a Maharashtra investor pays IGST.
    const { user, cookie, order } = await startPremium("27");
    // /fees names the same investor's state and the tax their platform fee carries (receiptPartyOf, as the receipt).
    const ownFees = (await (await client().get("/fees", cookie)).text()).replaceAll("<!-- -->", "");
    expect(ownFees).toContain("Your state on record is Maharashtra: your platform fee carries IGST 18%.");
    await standInCall("/_stand-in/pay", { order_id: order.providerOrderId });
    const period = await prisma().subscription.findUniqueOrThrow({ where: { paymentOrderId: order.id } });
    const pathname = `/premium/periods/${period.id}/receipt.pdf`;

    const own = await client().get(pathname, cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(own);
    expect(text).toContain(period.receiptNumber!);
    expect(text).toContain("846.61"); // 999 ÷ 1.18, in paise
    expect(text).toContain("IGST @ 18%");
    expect(text).toContain("152.39");
    expect(text).toContain("999.00");
    expect(text).not.toContain("CGST");

    const local = await startPremium(null);
    expect(await (await client().get("/fees", local.cookie)).text()).not.toContain("Your state on record");
    await standInCall("/_stand-in/pay", { order_id: local.order.providerOrderId });
    const localPeriod = await prisma().subscription.findUniqueOrThrow({ where: { paymentOrderId: local.order.id } });
    const localText = await pdfText(await client().get(`/premium/periods/${localPeriod.id}/receipt.pdf`, local.cookie));
    expect(localText).toContain("CGST @ 9%");
    expect(localText).toContain("SGST @ 9%");
    expect(localText).toContain("76.20");
    expect(localText).toContain("76.19");

    // Another user's receipt, and the owner's payment page, are not theirs to see.
    expect((await client().get(pathname, local.cookie)).status).toBe(404);
    expect((await client().get(`/premium/payments/${order.id}`, local.cookie)).status).toBe(404);
    expect((await client().get(`/premium/periods/not-a-uuid/receipt.pdf`, cookie)).status).toBe(404);
    expect(user.id).not.toBe(local.user.id);
  });

  it("Premium that ran out no longer opens the dashboard, and the expiry switches it off once", async () => {
    const { user, cookie, order } = await startPremium();
    await standInCall("/_stand-in/pay", { order_id: order.providerOrderId });
    expect((await client().get("/waitlist-dashboard/overview", cookie)).status).toBe(200);

    // The period ended yesterday (the clock moved on).
    await prisma().$executeRaw`
      UPDATE subscriptions SET starts_at = now() - interval '1 year 1 day', ends_at = now() - interval '1 day'
       WHERE payment_order_id = ${order.id}::uuid`;
    // Access ends at the end date, before the job has run: the session reads an explorer.
    const blocked = await client().get("/waitlist-dashboard/overview", cookie);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("location")).toBe("/dashboard/overview");
    const dashboard = await client().get("/dashboard/overview", cookie);
    expect(dashboard.headers.get("location")).toBe("/welcome");

    const [first, second] = await Promise.all([endLapsedSubscriptions(prisma()), endLapsedSubscriptions(prisma())]);
    expect(first.subscriptionsEnded + second.subscriptionsEnded).toBe(1);
    const profile = await prisma().userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect([profile.subscriptionActive, profile.tier]).toEqual([false, "explorer"]);
    expect(await prisma().userAlert.count({ where: { userId: user.id, title: "Premium Ended" } })).toBe(1);

    // Paying again starts a new period from now.
    const again = await client().post("/premium", cookie, { intent: "pay-premium", idempotencyKey: newIdempotencyKey() });
    const renewal = await prisma().paymentOrder.findFirstOrThrow({ where: { userId: user.id, status: "created" } });
    expect(again.headers.get("location")).toBe(`/premium/payments/${renewal.id}`);
    await standInCall("/_stand-in/pay", { order_id: renewal.providerOrderId });
    expect((await client().get("/waitlist-dashboard/overview", cookie)).status).toBe(200);
    expect(await checkInvariants(prisma())).toEqual([]);
  });
});

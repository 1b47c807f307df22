import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { createPlan } from "../../app/domain/plans/plans.server";
import { runDuePlans, runPlanPeriod } from "../../app/domain/plans/run-plans.server";
import { Decimal } from "../../app/lib/money";
import { reloadEnv } from "../../app/services/env.server";
import { findFreePort } from "../../app/services/free-port.server";
import { appClient, flashedToasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { gatewayAppEnv, startStandInServer } from "./support/stand-in-server";

/**
 * Monthly plans paid by UPI AutoPay (ADR 0077), against the real app process and the Razorpay
 * stand-in as its own HTTP server: the investor sets the mandate up through the plan's page and
 * approves it at the provider; two job workers charge a due plan once; the captured debit is
 * credited once through the deposit crediting (however late and often its webhook comes) and
 * then bought; a refused debit is recorded and told; cancelling the plan revokes the token.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "plan-mandates-session-secret-0123456789abcdef";
const keys = { keyId: "rzp_test_mandates", keySecret: "mandates-key-secret", webhookSecret: "mandates-webhook-secret" };
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let app: AppProcess | undefined;
let appPort: number;
const saved: Record<string, string | undefined> = {};

// Noon IST on an Indian date.
const at = (date: string) => new Date(`${date}T06:30:00Z`);

beforeAll(async () => {
  appPort = await findFreePort();
  standIn = await startStandInServer({ ...keys, webhookUrl: `http://127.0.0.1:${appPort}/webhooks/razorpay`, pendingMs: 500 });
  const env = { ...gatewayAppEnv({ databaseUrl: db.current.url, sessionSecret: SECRET, standInUrl: standIn.url, keys }) };
  // The runs are made here, in the test process (the job workers): it speaks to the same stand-in.
  for (const name of [
    "SESSION_SECRET",
    "PAYMENTS_PROVIDER",
    "RAZORPAY_BASE_URL",
    "RAZORPAY_KEY_ID",
    "RAZORPAY_KEY_SECRET",
    "RAZORPAY_WEBHOOK_SECRET",
  ]) {
    saved[name] = process.env[name];
    process.env[name] = env[name];
  }
  reloadEnv();
  app = await start();
}, 120_000);

afterEach(async () => {
  if (!app || app.child.exitCode !== null) app = await start();
});

afterAll(async () => {
  await app?.stop();
  standIn?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadEnv();
});

function start() {
  return startAppProcess(gatewayAppEnv({ databaseUrl: db.current.url, sessionSecret: SECRET, standInUrl: standIn.url, keys }), {
    port: appPort,
  });
}

const client = () => appClient(() => app!);

async function standInCall<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function tokenAtProvider(customerId: string, tokenId: string) {
  const response = await fetch(`${standIn.url}/v1/customers/${customerId}/tokens/${tokenId}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}` },
  });
  return (await response.json()) as { recurring_details: { status: string } };
}

/** Waits (bounded) until the database shows what the provider's webhooks lead to. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

const runOf = (planId: string, period: string) =>
  prisma().investmentPlanRun.findUnique({ where: { planId_period: { planId, period } }, include: { debit: true } });

async function walletOf(userId: string) {
  return (await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } })).availableBalance.toFixed(2);
}

async function expectBooksClean() {
  expect(await checkLedger(prisma())).toEqual([]);
  expect(await checkInvariants(prisma())).toEqual([]);
}

/** An investor with an empty wallet and a ₹5,000 plan on the 10th, its mandate approved through the plan's page. */
async function planWithMandate(debits: "success" | "failure") {
  const property = await createProperty(prisma(), {
    title: "AutoPay Heights",
    city: "Nashik",
    sharePrice: "1000",
    minimumInvestment: "1000",
  });
  const investor = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor", balance: "0" });
  const cookie = await createSession(prisma(), investor.id, { production: true });
  const { planId } = await createPlan(prisma(), investor.id, {
    amount: new Decimal("5000"),
    dayOfMonth: 10,
    startDate: "2026-01-01",
    endDate: null,
    target: { kind: "property", propertyId: property.id },
  });
  const started = await client().post(`/dashboard/plans/${planId}`, cookie, { intent: "mandate-start" });
  expect(started.status).toBe(302);
  const mandate = await prisma().planMandate.findFirstOrThrow({ where: { planId } });
  expect([mandate.status, mandate.authOrderId, mandate.maxAmount.toFixed(2)]).toEqual([
    "created",
    expect.stringMatching(/^order_/),
    "5000.00",
  ]);
  // A second click finds the same mandate.
  await client().post(`/dashboard/plans/${planId}`, cookie, { intent: "mandate-start" });
  expect(await prisma().planMandate.count({ where: { planId } })).toBe(1);
  const page = await client().get(`/dashboard/plans/${planId}`, cookie);
  expect(await page.text()).toContain("Approve UPI AutoPay");

  // The payer approves in their UPI app; the provider's webhooks reach the app, and the payer returns.
  const approved = await standInCall<{
    payment_id: string;
    order_id: string;
    signature: string;
    token_id: string;
    webhook_statuses: number[];
  }>("/_stand-in/mandate", { order_id: mandate.authOrderId, approve: true, debits });
  expect(new Set(approved.webhook_statuses)).toEqual(new Set([200]));
  const returned = await fetch(`${app!.baseUrl}/payments/return`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: standIn.url, "Sec-Fetch-Site": "cross-site" },
    body: new URLSearchParams({
      razorpay_payment_id: approved.payment_id,
      razorpay_order_id: approved.order_id,
      razorpay_signature: approved.signature,
    }).toString(),
    redirect: "manual",
  });
  expect(returned.status).toBe(302);
  expect(returned.headers.get("location")).toBe(`/dashboard/plans/${planId}`);
  expect((await flashedToasts(returned)).map((t) => t.title)).toEqual(["UPI AutoPay is set up"]);
  const confirmed = await prisma().planMandate.findUniqueOrThrow({ where: { id: mandate.id } });
  expect([confirmed.status, confirmed.tokenId]).toEqual(["confirmed", approved.token_id]);
  return { investor, cookie, planId, property, mandate: confirmed };
}

describe("a monthly plan paid by UPI AutoPay", () => {
  it("is debited once by two workers, credited once however often the webhook comes, then invested", async () => {
    const { investor, planId, mandate } = await planWithMandate("success");

    // The day before: the reminder names the debit.
    await runDuePlans(prisma(), at("2027-01-09"));
    const reminder = await prisma().userAlert.findFirstOrThrow({ where: { userId: investor.id, alertType: "plan_reminder" } });
    expect(reminder.message).toContain("by UPI AutoPay");

    const outcomes = await Promise.all([runDuePlans(prisma(), at("2027-01-10")), runDuePlans(prisma(), at("2027-01-10"))]);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([0, 1]);
    const debits = await prisma().paymentOrder.findMany({ where: { userId: investor.id, purpose: "plan_debit" } });
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amount.toFixed(2)).toBe("5000.00");

    // The bank's answer comes by webhook to the app, which credits and then buys.
    const run = await until(
      () => runOf(planId, "2027-01"),
      (r) => r?.status === "completed",
    );
    expect([run?.status, run?.spent.toFixed(2), run?.debit?.status]).toEqual(["completed", "4080.00", "paid"]);
    // ₹5,000 in, the ₹10 deposit fee, 4 shares for ₹4,080: ₹910 stays in the wallet.
    expect(await walletOf(investor.id)).toBe("910.00");

    // The provider sends the debit's webhooks again, late and many times: nothing more is credited or bought.
    const paymentId = run!.debit!.providerPaymentId!;
    const resent = await standInCall<{ webhook_statuses: number[] }>("/_stand-in/resend", {
      payment_id: paymentId,
      times: 5,
      reverse: true,
    });
    expect(new Set(resent.webhook_statuses)).toEqual(new Set([200]));
    await runDuePlans(prisma(), at("2027-01-11"));
    expect(await walletOf(investor.id)).toBe("910.00");
    const deposits = await prisma().transaction.count({ where: { userId: investor.id, transactionType: "deposit" } });
    const purchases = await prisma().transaction.count({ where: { userId: investor.id, transactionType: "investment" } });
    expect([deposits, purchases]).toEqual([1, 1]);
    expect(await prisma().paymentOrder.count({ where: { userId: investor.id, purpose: "plan_debit" } })).toBe(1);
    // The ₹1 the approval cost was given back by the plan job, once.
    const after = await prisma().planMandate.findUniqueOrThrow({ where: { id: mandate.id } });
    expect([after.status, after.authPaymentId === null, after.authRefundedAt === null]).toEqual(["confirmed", false, false]);
    await expectBooksClean();
  });

  it("records a refused debit on the run, tells the investor, and debits again next month", async () => {
    const { investor, planId, mandate } = await planWithMandate("failure");
    expect(await runPlanPeriod(prisma(), planId, at("2027-02-10"))).toMatchObject({ status: "awaiting_debit" });
    const run = await until(
      () => runOf(planId, "2027-02"),
      (r) => r?.status === "failed",
    );
    expect([run?.status, run?.reason, run?.debit?.status]).toEqual(["failed", "debit_failed", "failed"]);
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: investor.id, alertType: "plan_run" } });
    expect(alert.message).toContain("UPI AutoPay debit of ₹5,000.00");
    expect(alert.message).toContain("declined");
    expect(await walletOf(investor.id)).toBe("0.00");
    expect(await prisma().transaction.count({ where: { userId: investor.id } })).toBe(0);
    expect((await prisma().investmentPlan.findUniqueOrThrow({ where: { id: planId } })).status).toBe("active");

    // The account has money again next month.
    await standInCall("/_stand-in/token-debits", { token_id: mandate.tokenId, debits: "success" });
    expect(await runPlanPeriod(prisma(), planId, at("2027-03-10"))).toMatchObject({ status: "awaiting_debit" });
    const march = await until(
      () => runOf(planId, "2027-03"),
      (r) => r?.status === "completed",
    );
    expect(march?.status).toBe("completed");
    await expectBooksClean();
  });

  it("revokes the token at the provider when the plan is cancelled", async () => {
    const { cookie, planId, mandate } = await planWithMandate("success");
    const cancelled = await client().post(`/dashboard/plans/${planId}`, cookie, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect((await prisma().planMandate.findUniqueOrThrow({ where: { id: mandate.id } })).status).toBe("cancelled");
    expect((await tokenAtProvider(mandate.customerId, mandate.tokenId!)).recurring_details.status).toBe("cancelled");
    // A cancelled plan debits nothing.
    expect(await runPlanPeriod(prisma(), planId, at("2027-04-10"))).toBeNull();
    expect(await prisma().paymentOrder.count({ where: { purpose: "plan_debit", planRun: { planId } } })).toBe(0);
  });

  it("cancels only the mandate: the plan goes on from the wallet", async () => {
    const { investor, cookie, planId, mandate } = await planWithMandate("success");
    const response = await client().post(`/dashboard/plans/${planId}`, cookie, { intent: "mandate-cancel" });
    expect(response.status).toBe(302);
    expect((await tokenAtProvider(mandate.customerId, mandate.tokenId!)).recurring_details.status).toBe("cancelled");
    const run = await runPlanPeriod(prisma(), planId, at("2027-05-10"));
    // No debit: the wallet is empty, so the run says so.
    expect(run).toMatchObject({ status: "failed", reason: "insufficient_balance" });
    expect(await prisma().paymentOrder.count({ where: { userId: investor.id, purpose: "plan_debit" } })).toBe(0);
  });
});

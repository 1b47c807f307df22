import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { registerBankAccount } from "../../app/domain/payouts/bank-accounts.server";
import { sendPayout, sendQueuedPayouts } from "../../app/domain/payouts/payouts.server";
import { payoutAccountPosition } from "../../app/domain/payouts/payout-funding.server";
import { Decimal } from "../../app/lib/money";
import { updateTicket } from "../../app/domain/support/update-ticket.server";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { expireWithdrawalHolds } from "../../app/domain/wallet/expire-withdrawal-holds.server";
import { findFreePort } from "../../app/services/free-port.server";
import { razorpayGateway } from "../../app/services/payments/razorpay.server";
import { STAND_IN_OTHER_NAME } from "../../app/services/payments/razorpayx-stand-in.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { gatewayAppEnv, startStandInServer } from "./support/stand-in-server";

/**
 * Withdrawals paid out to verified bank accounts (ADR 0064), against the real app process and
 * the Razorpay stand-in as its own HTTP server: bank details are penny-dropped; an admin's
 * approval queues a payout the app sends with an idempotency key; the bank's webhooks post the
 * hold once however often they arrive, a reversal returns the money once, a failure voids the
 * hold; nobody resolves a payout in flight by hand; a crash before sending pays once. The
 * books are checked after each.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "payouts-session-secret-0123456789abcdef0123456";
const keys = { keyId: "rzp_test_payouts", keySecret: "payouts-key-secret", webhookSecret: "payouts-webhook-secret" };
const ACCOUNT = "2323230012345678";
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let standInUrl: string;
let appPort: number;
let app: AppProcess | undefined;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  appPort = await findFreePort();
  // The bank never answers by itself here: each test sends the webhooks it needs.
  standIn = await startStandInServer({ ...keys, webhookUrl: `http://127.0.0.1:${appPort}/webhooks/razorpay`, payoutMs: 3_600_000 });
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
      RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
      FOUR_EYES_THRESHOLD_INR: "500000",
    },
    { port: appPort },
  );
}

const gateway = () => razorpayGateway({ baseUrl: standInUrl, ...keys, payoutAccountNumber: ACCOUNT, standIn: true });
const client = () => appClient(() => app!);

async function investorWithBank(accountNumber: string, balance = "20000", fullName = "Asha Rao") {
  const investor = await createUser(prisma(), {
    kycStatus: "approved",
    subscriptionActive: true,
    tier: "small_investor",
    balance,
    fullName,
  });
  const bank = await registerBankAccount(prisma(), gateway(), {
    userId: investor.id,
    accountNumber,
    ifsc: "HDFC0001234",
    bankName: "HDFC Bank",
    accountType: "savings",
  });
  return { investor, bank };
}

async function admin() {
  const user = await createUser(prisma(), { isAdmin: true, kycStatus: "approved", fullName: "Payout Admin" });
  return { user, cookie: await createSession(prisma(), user.id, { production: true }) };
}

async function approveWithdrawal(userId: string, amount = "5000") {
  const { ticketId } = await requestWithdrawal(prisma(), { userId, amount, opsRecipients: [] });
  const { cookie } = await admin();
  const response = await client().post("/admin/support", cookie, { ticketId, status: "resolved", adminResponse: "Approved" });
  expect(response.status).toBe(302);
  return { ticketId, cookie };
}

/** The payout once the app has sent it to the provider (it does so just after the approval's response). */
async function sentPayout(ticketId: string) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const payout = await prisma().payout.findUnique({ where: { ticketId } });
    if (payout?.providerPayoutId) return payout;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the payout was never sent");
}

async function bankSays(payoutId: string, event: "payout.processed" | "payout.reversed" | "payout.failed", times = 1) {
  const response = await fetch(`${standInUrl}/_stand-in/payout-event`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ payout_id: payoutId, event, times }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { webhook_statuses: number[] }).webhook_statuses;
}

async function walletOf(userId: string) {
  const row = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

async function journalsOf(payoutHold: string) {
  return prisma().ledgerJournal.findMany({ where: { pendingJournalId: payoutHold }, select: { phase: true } });
}

async function expectBooksClean() {
  expect(await checkInvariants(prisma())).toEqual([]);
}

describe("bank account verification (penny drop)", () => {
  it("registers the account with the provider, keeps only the masked number, and records the bank's name and the match", async () => {
    const { investor, bank } = await investorWithBank("501004561234");
    expect(bank).toMatchObject({
      status: "active",
      verified: true,
      maskedNumber: "XXXXXXXX1234",
      registeredName: "ASHA RAO",
      nameMatchScore: 100,
    });
    const stored = await prisma().bankAccount.findFirstOrThrow({ where: { userId: investor.id } });
    expect(JSON.stringify(stored)).not.toContain("501004561234");
    expect(stored.providerFundAccountId).toMatch(/^fa_/);
  });

  it("marks an account the bank does not know invalid, and a stranger's name with a low score, for the admin to see", async () => {
    const { bank: invalid } = await investorWithBank("501004560000");
    expect(invalid).toMatchObject({ status: "invalid", verified: false, registeredName: null });
    const { investor, bank } = await investorWithBank("501004567777");
    expect(bank).toMatchObject({ status: "active", registeredName: STAND_IN_OTHER_NAME });
    expect(bank.nameMatchScore).toBeLessThan(50);

    // The admin reviewing the KYC sees the bank's name and the score.
    await prisma().userProfile.update({ where: { id: investor.id }, data: { kycStatus: "under_review" } });
    const { cookie } = await admin();
    const page = await (await client().get(`/admin/kyc?review=${investor.id}`, cookie)).text();
    expect(page).toContain(STAND_IN_OTHER_NAME);
    expect(page).toContain(`Name match ${bank.nameMatchScore}/100`);
  });

  it("leaves a later account as the current one and the earlier superseded", async () => {
    const { investor } = await investorWithBank("501004561111");
    await registerBankAccount(prisma(), gateway(), {
      userId: investor.id,
      accountNumber: "6010045622222",
      ifsc: "ICIC0001234",
      bankName: "ICICI Bank",
      accountType: "savings",
    });
    const rows = await prisma().bankAccount.findMany({ where: { userId: investor.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.maskedNumber.slice(-4), row.supersededAt === null])).toEqual([
      ["1111", false],
      ["2222", true],
    ]);
  });
});

describe("withdrawals paid out", () => {
  it("pays once with its UTR though the bank's webhook arrives ten times at once, then returns the money once when the bank reverses it", async () => {
    const { investor } = await investorWithBank("501004563456");
    const { ticketId, cookie } = await approveWithdrawal(investor.id, "5000");
    const payout = await sentPayout(ticketId);
    expect(payout.status).toBe("processing");
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("in_progress");
    expect(await walletOf(investor.id)).toEqual({ available: "15000.00", held: "5000.00" });

    // Nobody resolves or closes it by hand while the bank has it.
    for (const status of ["resolved", "closed"]) {
      const refused = await client().post("/admin/support", cookie, { ticketId, status });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("being paid out to the investor");
    }

    expect(new Set(await bankSays(payout.providerPayoutId!, "payout.processed", 10))).toEqual(new Set([200]));
    const paid = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(paid.status).toBe("processed");
    expect(paid.utr).toMatch(/^[0-9]{12}$/);
    expect(await walletOf(investor.id)).toEqual({ available: "15000.00", held: "0.00" });
    expect(await journalsOf(payout.holdJournalId)).toEqual([{ phase: "post" }]);
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("resolved");
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: investor.id, title: "Withdrawal Paid" } });
    expect(alert.message).toContain(paid.utr!);
    expect(await prisma().transaction.count({ where: { userId: investor.id, transactionType: "withdrawal" } })).toBe(1);
    await expectBooksClean();

    // The investor sees the UTR on their request.
    const investorCookie = await createSession(prisma(), investor.id, { production: true });
    expect(await (await client().get("/dashboard/wallet", investorCookie)).text()).toContain(paid.utr!);
    // The admin sees the provider's payout id and the UTR.
    const adminPage = await (await client().get("/admin/payments", cookie)).text();
    expect(adminPage).toContain(payout.providerPayoutId!);
    expect(await (await client().get(`/admin/support?ticket=${ticketId}`, cookie)).text()).toContain(paid.utr!);

    // The bank returns it (five deliveries): the money comes back once.
    const statuses = await bankSays(payout.providerPayoutId!, "payout.reversed", 5);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const reversed = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(reversed.status).toBe("reversed");
    expect(reversed.reversalJournalId).not.toBeNull();
    expect(await walletOf(investor.id)).toEqual({ available: "20000.00", held: "0.00" });
    expect(await prisma().userAlert.count({ where: { userId: investor.id, title: "Withdrawal Returned" } })).toBe(1);

    // A late failure after all that changes nothing.
    await bankSays(payout.providerPayoutId!, "payout.failed", 2);
    expect(await walletOf(investor.id)).toEqual({ available: "20000.00", held: "0.00" });
    await expectBooksClean();
  }, 60_000);

  it("voids the hold once when the payout fails, and a late 'processed' changes nothing", async () => {
    const { investor } = await investorWithBank("501004569999");
    const { ticketId } = await approveWithdrawal(investor.id, "2500");
    const payout = await sentPayout(ticketId);
    await bankSays(payout.providerPayoutId!, "payout.failed", 3);
    expect(await walletOf(investor.id)).toEqual({ available: "20000.00", held: "0.00" });
    expect(await journalsOf(payout.holdJournalId)).toEqual([{ phase: "void" }]);
    const failed = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(failed).toMatchObject({ status: "failed", utr: null });
    expect(failed.failureReason).toContain("offline");
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("closed");

    await bankSays(payout.providerPayoutId!, "payout.processed", 2);
    expect(await walletOf(investor.id)).toEqual({ available: "20000.00", held: "0.00" });
    expect((await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe("failed");
    await expectBooksClean();
  }, 60_000);

  it("above the four-eyes threshold, pays out only once a second admin approves, and pays once when two approve together", async () => {
    const { investor } = await investorWithBank("501004562468", "900000");
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "600000", opsRecipients: [] });
    const [first, second, third] = await Promise.all([admin(), admin(), admin()]);

    const resolve = await client().post("/admin/support", first.cookie, { ticketId, status: "resolved", adminResponse: "Approved" });
    expect(resolve.status).toBe(302);
    expect(resolve.headers.get("location")).toBe("/admin/approvals");
    // Nothing goes to the bank on one admin's word.
    expect(await prisma().payout.count({ where: { ticketId } })).toBe(0);
    expect(await walletOf(investor.id)).toEqual({ available: "300000.00", held: "600000.00" });

    const approval = await prisma().moneyApproval.findFirstOrThrow({ where: { targetId: ticketId } });
    expect((await client().post("/admin/approvals", first.cookie, { intent: "approve", approvalId: approval.id })).status).toBe(403);
    expect(await prisma().payout.count({ where: { ticketId } })).toBe(0);

    const answers = await Promise.all(
      [second, third].map(({ cookie }) => client().post("/admin/approvals", cookie, { intent: "approve", approvalId: approval.id })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const payout = await sentPayout(ticketId);
    expect(await prisma().payout.count({ where: { ticketId } })).toBe(1);
    expect([payout.status, payout.amount.toFixed(2)]).toEqual(["processing", "600000.00"]);
    expect([second.user.id, third.user.id]).toContain(payout.approvedBy);
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("in_progress");

    expect(new Set(await bankSays(payout.providerPayoutId!, "payout.processed", 3))).toEqual(new Set([200]));
    expect(await walletOf(investor.id)).toEqual({ available: "300000.00", held: "0.00" });
    expect(await journalsOf(payout.holdJournalId)).toEqual([{ phase: "post" }]);
    expect((await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } })).utr).toMatch(/^[0-9]{12}$/);
    await expectBooksClean();
  }, 60_000);

  it("pays by hand, as before, an investor whose bank account was not verified, with the UTR the admin types", async () => {
    const { investor } = await investorWithBank("501004560000");
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "1000", opsRecipients: [] });
    const { cookie } = await admin();
    const page = await (await client().get(`/admin/support?ticket=${ticketId}`, cookie)).text();
    expect(page).toContain("Bank reference (UTR), when paying by hand");

    // A UTR that is not one is refused on its field, and nothing is paid.
    const refused = await client().post(`/admin/support?ticket=${ticketId}`, cookie, {
      ticketId,
      status: "resolved",
      bankReference: "12-3",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("reference (UTR): 6 to 30 letters and digits");
    expect(await walletOf(investor.id)).toEqual({ available: "19000.00", held: "1000.00" });

    const paid = await client().post("/admin/support", cookie, { ticketId, status: "resolved", bankReference: "n1234 5678 9012" });
    expect(paid.status).toBe(302);
    expect(await prisma().payout.count({ where: { ticketId } })).toBe(0);
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect([ticket.status, ticket.bankReference]).toEqual(["resolved", "N123456789012"]);
    expect(await walletOf(investor.id)).toEqual({ available: "19000.00", held: "0.00" });
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: investor.id }, orderBy: { createdAt: "desc" } });
    expect(alert.message).toContain("Bank reference (UTR): N123456789012");
    await expectBooksClean();
  });

  it("pays once when the process dies after the approval and the sweep and a retry both send it", async () => {
    const { investor } = await investorWithBank("501004564321");
    const { user } = await admin();
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
    // The approval commits the queued payout; the process "dies" before sending it.
    const outcome = await updateTicket(prisma(), { adminId: user.id, ticketId, status: "resolved", payoutProvider: "razorpay" });
    expect(outcome).toMatchObject({ status: "in_progress" });
    const queued = await prisma().payout.findUniqueOrThrow({ where: { ticketId } });
    expect(queued.status).toBe("queued");

    // The job's sweep and a second sender race: the idempotency key makes them one payout.
    await Promise.all([sendQueuedPayouts(prisma(), gateway()), sendPayout(prisma(), gateway(), queued.id)]);
    const sent = await prisma().payout.findUniqueOrThrow({ where: { id: queued.id } });
    expect(sent.status).toBe("processing");
    const direct = await gateway().createPayout({
      fundAccountId: (await prisma().bankAccount.findFirstOrThrow({ where: { userId: investor.id } })).providerFundAccountId!,
      amountPaise: 300_000,
      referenceId: queued.id,
      narration: "retry",
      idempotencyKey: queued.id,
    });
    expect(direct.id).toBe(sent.providerPayoutId);

    // The hold-expiry job leaves a hold whose payout is with the bank alone, even past its expiry.
    expect(await expireWithdrawalHolds(prisma(), new Date(Date.now() + 40 * 86_400_000))).toEqual({ withdrawals: 0 });
    await bankSays(sent.providerPayoutId!, "payout.processed");
    expect(await walletOf(investor.id)).toEqual({ available: "17000.00", held: "0.00" });
    await expectBooksClean();
  }, 60_000);
});

describe("the payout account funded from escrow (ADR 0073)", () => {
  it("books each transfer once by its UTR, keeps the clearing account equal to paid less returned less funded, and refuses bad input with nothing written", async () => {
    const { investor } = await investorWithBank("501004565678");
    const { ticketId, cookie } = await approveWithdrawal(investor.id, "4000");
    const payout = await sentPayout(ticketId);
    await bankSays(payout.providerPayoutId!, "payout.processed");
    const before = await payoutAccountPosition(prisma());
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const journals = () => prisma().ledgerJournal.count({ where: { kind: "payout_funding" } });

    // A bad UTR and an amount over the bound are refused on their fields, with what was typed kept.
    const badUtr = await client().post("/admin/payments", cookie, { intent: "fund", amount: "4000", utr: "12-34", fundedOn: today });
    expect(badUtr.status).toBe(400);
    const badText = await badUtr.text();
    expect(badText).toContain("Enter the transfer&#x27;s UTR");
    const overBound = await client().post("/admin/payments", cookie, {
      intent: "fund",
      amount: "100000001",
      utr: "N123456789012",
      fundedOn: today,
    });
    expect(overBound.status).toBe(400);
    const future = await client().post("/admin/payments", cookie, {
      intent: "fund",
      amount: "10",
      utr: "N123456789012",
      fundedOn: "2999-01-01",
    });
    expect(future.status).toBe(400);
    expect(await journals()).toBe(0);

    const booked = await client().post("/admin/payments", cookie, {
      intent: "fund",
      amount: "4000",
      utr: "n123456789012",
      fundedOn: today,
    });
    expect(booked.status).toBe(302);
    const after = await payoutAccountPosition(prisma());
    expect(new Decimal(before.toFund).minus(after.toFund).toFixed(2)).toBe("4000.00");
    expect(after.fundings[0]).toMatchObject({ amount: "4000.00", utr: "N123456789012", fundedOn: today });
    await expectBooksClean();

    // The same transfer again (a double click, a second admin) is refused and books nothing.
    const again = await client().post("/admin/payments", cookie, { intent: "fund", amount: "4000", utr: "N123456789012", fundedOn: today });
    expect(again.status).toBe(409);
    expect(await journals()).toBe(1);
    expect(await prisma().adminAuditLog.count({ where: { action: "payouts.fund" } })).toBe(1);

    // Funding ahead of payouts is allowed: the page says how much is prefunded.
    expect(
      (await client().post("/admin/payments", cookie, { intent: "fund", amount: "2500.50", utr: "N123456789013", fundedOn: today })).status,
    ).toBe(302);
    const prefunded = await payoutAccountPosition(prisma());
    expect(new Decimal(before.toFund).minus(prefunded.toFund).toFixed(2)).toBe("6500.50");
    const page = await (await client().get("/admin/payments", cookie)).text();
    expect(page).toContain(new Decimal(prefunded.toFund).isNegative() ? "Prefunded" : "To fund from escrow");
    expect(page).toContain("UTR N123456789013");
    await expectBooksClean();
  }, 60_000);
});

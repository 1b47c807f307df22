import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { appClient, flashedToasts as toasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { parseMessage, startSmtpSink, type SmtpSink } from "#tests/setup/smtp-sink";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Fund requests end to end through a real production app process without JavaScript:
 * plain form posts to both wallets and to /admin/support, the ledger afterwards, and the
 * operations and investor e-mails arriving at a real SMTP server on 127.0.0.1.
 */

const db = useTestDatabase();
const SECRET = "fund-requests-session-secret-0123456789abcdef";
let sink: SmtpSink;
let app: AppProcess;
const prisma = () => db.current.prisma;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  sink = await startSmtpSink();
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    SMTP_URL: sink.url,
    OPS_EMAIL: "ops@aangan.test",
    ESCROW_ACCOUNT_NAME: "Aangan Test Escrow",
    ESCROW_ACCOUNT_NUMBER: "987654321012",
    ESCROW_IFSC: "ICIC0004321",
    ESCROW_UPI_ID: "aangan.test@icici",
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

const { post, get: page } = appClient(() => app);

async function investor(options: { balance?: string; kycStatus?: "approved" | "pending" } = {}) {
  const user = await createInvestor(prisma(), options);
  return { user, cookie: await createSession(prisma(), user.id, { production: true }) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?=), as nodemailer writes a non-ASCII subject. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, text: string) =>
    Buffer.from(
      text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );
}

const mailsTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));

describe("add funds without JavaScript", () => {
  it("records the request, shows where to pay with a reference, mails operations, and the admin's resolution credits once", async () => {
    const { user, cookie } = await investor({ balance: "500" });
    const response = await post("/waitlist-dashboard/wallet", cookie, {
      intent: "add-funds",
      amount: "25000",
      priority: "high",
      description: "IMPS",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const ticket = await prisma().supportTicket.findFirstOrThrow({ where: { userId: user.id } });
    expect(location).toBe(`/waitlist-dashboard/wallet?submitted=${ticket.id}`);
    expect(await toasts(response)).toEqual([
      expect.objectContaining({ title: "Request Submitted Successfully", description: "A customer support person will contact you soon" }),
    ]);

    const html = await (await page(location, cookie)).text();
    for (const text of [ticket.referenceCode!, "Aangan Test Escrow", "987654321012", "ICIC0004321", "aangan.test@icici"])
      expect(html).toContain(text);

    await expect.poll(() => mailsTo("ops@aangan.test").length, { timeout: 15_000 }).toBe(1);
    const { headers, body } = parseMessage(mailsTo("ops@aangan.test")[0]!.raw);
    expect(decodeHeader(headers.subject!)).toBe("Add funds request ₹25,000.00 from Test User (high)");
    for (const text of [
      `"ticket_id": "${ticket.id}"`,
      '"type": "fund_deposit"',
      '"currency": "INR"',
      '"amount": "25000.00"',
      '"priority": "high"',
      '"current_balance": "500.00"',
      '"description": "IMPS"',
      `"email": "${user.email}"`,
      `"created_at": "${ticket.createdAt.toISOString()}"`,
      `"reference_code": "${ticket.referenceCode}"`,
    ]) {
      expect(body).toContain(text);
    }

    const admin = await createUser(prisma(), { isAdmin: true, email: "desk@aangan.test" });
    const adminCookie = await createSession(prisma(), admin.id, { production: true });
    const desk = await (await page(`/admin/support?ticket=${ticket.id}`, adminCookie)).text();
    expect(desk).toContain(ticket.referenceCode!);
    expect(desk).toContain(ticket.id.slice(-8).toUpperCase());

    const form = {
      ticketId: ticket.id,
      status: "resolved",
      adminResponse: "Transfer received",
      receivedAmount: "25000",
      returnTo: `?ticket=${ticket.id}`,
    };
    const [first, second] = await Promise.all([post("/admin/support", adminCookie, form), post("/admin/support", adminCookie, form)]);
    expect([first.status, second.status].sort()).toEqual([302, 400]);
    const wallet = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: user.id } });
    expect(wallet.availableBalance.toFixed(2)).toBe("25490.00");

    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(1);
    expect(parseMessage(mailsTo(user.email)[0]!.raw).body).toContain("₹24,990.00 was added to your wallet");
    expect(await checkLedger(prisma())).toEqual([]);
  }, 60_000);

  it("answers a bad amount on the form and an unverified investor with the KYC notice and /kyc", async () => {
    const { cookie } = await investor();
    const bad = await post("/waitlist-dashboard/wallet", cookie, { intent: "add-funds", amount: "999" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid Amount - Please enter a valid amount (minimum ₹1,000)");

    const pending = await investor({ kycStatus: "pending" });
    const refused = await post("/waitlist-dashboard/wallet", pending.cookie, { intent: "add-funds", amount: "5000" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/kyc");
    expect(await toasts(refused)).toEqual([
      expect.objectContaining({ title: "KYC Required", description: "Please complete your KYC verification before managing funds" }),
    ]);
    expect(await prisma().supportTicket.count({ where: { userId: pending.user.id } })).toBe(0);
  });

  it("shows another investor's request to nobody but its owner", async () => {
    const owner = await investor();
    await post("/waitlist-dashboard/wallet", owner.cookie, { intent: "add-funds", amount: "1000" });
    const ticket = await prisma().supportTicket.findFirstOrThrow({ where: { userId: owner.user.id } });
    const other = await investor();
    const html = await (await page(`/waitlist-dashboard/wallet?submitted=${ticket.id}`, other.cookie)).text();
    expect(html).not.toContain(ticket.referenceCode!);
    const notAdmin = await post("/admin/support", other.cookie, { ticketId: ticket.id, status: "resolved", receivedAmount: "1000" });
    expect(notAdmin.status).toBe(403); // admin actions refuse non-admins outright (ADR 0015)
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
  });
});

describe("withdraw without JavaScript", () => {
  it("holds the amount, shows it on the wallet, and closing the request releases it", async () => {
    const { user, cookie } = await investor({ balance: "8000" });
    const response = await post("/waitlist-dashboard/wallet", cookie, { intent: "withdraw", amount: "5000" });
    expect(response.status).toBe(302);
    const again = await post("/waitlist-dashboard/wallet", cookie, { intent: "withdraw", amount: "5000" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Insufficient Balance - Your available balance is ₹3,000.00");

    const html = await (await page("/waitlist-dashboard/wallet", cookie)).text();
    expect(html).toContain("Held for withdrawal request");
    const ticket = await prisma().supportTicket.findFirstOrThrow({ where: { userId: user.id } });
    await expect
      .poll(() => mailsTo("ops@aangan.test").filter((m) => parseMessage(m.raw).body.includes(ticket.id)).length, { timeout: 15_000 })
      .toBe(1);
    const opsBody = parseMessage(mailsTo("ops@aangan.test").find((m) => parseMessage(m.raw).body.includes(ticket.id))!.raw).body;
    for (const text of ['"type": "fund_withdrawal"', '"amount": "5000.00"', '"current_balance": "8000.00"', '"priority": "medium"'])
      expect(opsBody).toContain(text);

    const admin = await createUser(prisma(), { isAdmin: true });
    const adminCookie = await createSession(prisma(), admin.id, { production: true });
    const noop = await post("/admin/support", adminCookie, { ticketId: ticket.id, status: "open", adminResponse: "" });
    expect(noop.status).toBe(400);
    expect(await noop.text()).toContain("Nothing to update");
    const closed = await post("/admin/support", adminCookie, {
      ticketId: ticket.id,
      status: "closed",
      adminResponse: "Bank details missing",
    });
    expect(closed.status).toBe(302);
    expect(await toasts(closed)).toEqual([expect.objectContaining({ title: "Ticket Updated" })]);
    const wallet = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: user.id } });
    expect([wallet.availableBalance.toFixed(2), wallet.heldBalance.toFixed(2)]).toEqual(["8000.00", "0.00"]);
    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(1);
    expect(await checkLedger(prisma())).toEqual([]);
  }, 60_000);
});

describe("a subscription request on the support desk", () => {
  it("activates the subscription when the admin resolves it with the switch on, and not when closed", async () => {
    const user = await createUser(prisma());
    const other = await createUser(prisma());
    const [ticket, declined] = await Promise.all(
      [user, other].map((u) =>
        prisma().supportTicket.create({ data: { userId: u.id, ticketType: "subscription_request", subject: "Upgrade to Premium" } }),
      ),
    );
    const admin = await createUser(prisma(), { isAdmin: true });
    const adminCookie = await createSession(prisma(), admin.id, { production: true });
    const resolved = await post("/admin/support", adminCookie, { ticketId: ticket!.id, status: "resolved", activateSubscription: "on" });
    expect(resolved.status).toBe(302);
    expect(await prisma().userProfile.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      subscriptionActive: true,
      tier: "waitlist_player",
    });
    const closed = await post("/admin/support", adminCookie, { ticketId: declined!.id, status: "closed", activateSubscription: "on" });
    expect(closed.status).toBe(302);
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: other.id } })).subscriptionActive).toBe(false);
  });
});

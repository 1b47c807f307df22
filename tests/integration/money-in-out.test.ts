import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMoneyInOut } from "../../app/domain/admin/dashboard/money-in-out.server";
import { gatewayClearing, platformCash } from "../../app/domain/ledger/accounts.server";
import { applyPayoutIn, queuePayoutIn } from "../../app/domain/payouts/payouts.server";
import { toPaise } from "../../app/domain/payments/gateway-deposits.server";
import { updateTicket } from "../../app/domain/support/update-ticket.server";
import { creditDeposit } from "../../app/domain/wallet/credit-deposit.server";
import { requestDeposit, requestWithdrawal, startOfIndiaDay } from "../../app/domain/wallet/request-funds.server";
import { Decimal } from "../../app/lib/money";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The admin dashboard's money in and out per India day (issue 27), read from the ledger: a
 * bank-transfer deposit confirmed on its ticket, a gateway deposit credited from the clearing
 * account, a withdrawal paid by hand, a payout processed then returned by the bank, and a
 * deposit a minute before India's midnight (yesterday's row) and one outside the 14 days. The
 * day's figures and the period's totals are exact, and /admin prints them.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "money-in-out-session-secret-0123456789abcdef0";
let app: AppProcess;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, LOG_LEVEL: "fatal" });
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

const investor = () => createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor" });

describe("money in and out per day", () => {
  it("is empty before any money moves", async () => {
    const figures = await getMoneyInOut(prisma());
    expect(figures.moved).toBe(false);
    expect(figures.days).toHaveLength(14);
    const admin = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const page = await (await appClient(() => app).get("/admin", await createSession(prisma(), admin.id, { production: true }))).text();
    expect(page).toContain("Money in and out");
    expect(page).toContain("No money moved in or out in the last 14 days.");
  });

  it("counts each rail's deposits gross, withdrawals paid by hand and by payout, less what the bank returned", async () => {
    const admin = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const user = await investor();

    const deposit = await requestDeposit(prisma(), { userId: user.id, amount: "5000", opsRecipients: [] });
    await updateTicket(prisma(), { adminId: admin.id, ticketId: deposit.ticketId, status: "resolved", receivedAmount: "5000" });
    await prisma().$transaction((tx) =>
      creditDeposit(tx, {
        userId: user.id,
        received: new Decimal("3000.50"),
        from: gatewayClearing,
        source: "UPI payment pay_money_in_out",
        keyPrefix: "payment:test:pay_money_in_out",
        referenceId: "pay_money_in_out",
      }),
    );
    // A minute before India's midnight: yesterday's, though it is already today in UTC for half the day.
    await prisma().$transaction((tx) =>
      creditDeposit(tx, {
        userId: user.id,
        received: new Decimal("1250.25"),
        from: platformCash,
        source: "request LATE0001",
        keyPrefix: "ticket:late",
        referenceId: "late",
        at: new Date(startOfIndiaDay(new Date()).getTime() - 60_000),
      }),
    );
    // Outside the 14 days: not counted.
    await prisma().$transaction((tx) =>
      creditDeposit(tx, {
        userId: user.id,
        received: new Decimal("1000"),
        from: gatewayClearing,
        source: "UPI payment pay_old",
        keyPrefix: "payment:test:pay_old",
        referenceId: "pay_old",
        at: new Date(Date.now() - 20 * 86_400_000),
      }),
    );

    const byHand = await requestWithdrawal(prisma(), { userId: user.id, amount: "2500", opsRecipients: [] });
    await updateTicket(prisma(), {
      adminId: admin.id,
      ticketId: byHand.ticketId,
      status: "resolved",
      bankReference: "HDFCN52026112600001",
    });

    // Paid out by the provider, then returned by the bank.
    const bank = await prisma().bankAccount.create({
      data: {
        userId: user.id,
        holderName: "Test User",
        maskedNumber: "XXXX5678",
        ifsc: "HDFC0001234",
        bankName: "HDFC Bank",
        accountType: "savings",
        provider: "test",
        providerFundAccountId: "fa_test",
        validationStatus: "active",
        registeredName: "TEST USER",
        validatedAt: new Date(),
      },
    });
    const paid = await requestWithdrawal(prisma(), { userId: user.id, amount: "1200", opsRecipients: [] });
    const queued = await prisma().$transaction((tx) =>
      queuePayoutIn(tx, {
        ticketId: paid.ticketId,
        userId: user.id,
        holdJournalId: paid.holdJournalId!,
        amount: "1200.00",
        adminId: admin.id,
        provider: "test",
        now: new Date(),
      }),
    );
    const payout = {
      id: "pout_money_in_out",
      fundAccountId: bank.providerFundAccountId!,
      amount: toPaise("1200.00"),
      utr: "UTR000111",
      referenceId: queued!.payoutId,
      failureReason: null,
    };
    expect(await prisma().$transaction((tx) => applyPayoutIn(tx, "test", { ...payout, status: "processed" }))).toBe("payout_processed");
    const returned = { ...payout, status: "reversed" as const, failureReason: "Account closed" };
    expect(await prisma().$transaction((tx) => applyPayoutIn(tx, "test", returned))).toBe("payout_reversed");
    const again = await requestWithdrawal(prisma(), { userId: user.id, amount: "1500", opsRecipients: [] });
    const queuedAgain = await prisma().$transaction((tx) =>
      queuePayoutIn(tx, {
        ticketId: again.ticketId,
        userId: user.id,
        holdJournalId: again.holdJournalId!,
        amount: "1500.00",
        adminId: admin.id,
        provider: "test",
        now: new Date(),
      }),
    );
    const second = { ...payout, id: "pout_money_in_out_2", amount: toPaise("1500.00"), referenceId: queuedAgain!.payoutId };
    expect(await prisma().$transaction((tx) => applyPayoutIn(tx, "test", { ...second, status: "processed" }))).toBe("payout_processed");

    const figures = await getMoneyInOut(prisma());
    expect(figures.moved).toBe(true);
    expect(figures.days).toHaveLength(14);
    const today = figures.days[0]!;
    expect(today).toEqual({
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      inBankTransfer: "5000.00",
      inGateway: "3000.50",
      moneyIn: "8000.50",
      outByHand: "2500.00",
      outPayout: "2700.00",
      returned: "1200.00",
      moneyOut: "4000.00",
      net: "4000.50",
    });
    const yesterday = figures.days[1]!;
    expect([yesterday.inBankTransfer, yesterday.moneyIn, yesterday.moneyOut, yesterday.net]).toEqual([
      "1250.25",
      "1250.25",
      "0.00",
      "1250.25",
    ]);
    expect(figures.totals).toMatchObject({ day: "", moneyIn: "9250.75", moneyOut: "4000.00", net: "5250.75", inBankTransfer: "6250.25" });
    expect(figures.days.slice(2).every((day) => day.moneyIn === "0.00" && day.moneyOut === "0.00")).toBe(true);

    const response = await appClient(() => app).get("/admin", await createSession(prisma(), admin.id, { production: true }));
    expect(response.status).toBe(200);
    const html = await response.text();
    const table = html.slice(
      html.indexOf('data-testid="money-in-out"'),
      html.indexOf("</table>", html.indexOf('data-testid="money-in-out"')),
    );
    const todayRow = table.slice(
      table.indexOf(`data-day="${today.day}"`),
      table.indexOf("</tr>", table.indexOf(`data-day="${today.day}"`)),
    );
    const cells = [...todayRow.matchAll(/data-figure="(\w+)"[^>]*>([^<]*)</g)].map(([, key, text]) => [key, text]);
    expect(Object.fromEntries(cells)).toEqual({
      inBankTransfer: "₹5,000.00",
      inGateway: "₹3,000.50",
      moneyIn: "₹8,000.50",
      outByHand: "₹2,500.00",
      outPayout: "₹2,700.00",
      returned: "₹1,200.00",
      moneyOut: "₹4,000.00",
      net: "₹4,000.50",
    });
    expect(html).toContain('aria-label="Money in and out per day"');
  });
});

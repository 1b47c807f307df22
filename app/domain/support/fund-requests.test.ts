import { afterEach, describe, expect, it } from "vitest";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { InsufficientBalanceError } from "~/domain/investing/purchase-errors.server";
import { requestDeposit, requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { createInvestor, createProperty, createUser, newIdempotencyKey } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { updateTicket } from "./update-ticket.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

afterEach(async () => {
  expect(await checkLedger(prisma())).toEqual([]);
});

async function wallet(userId: string) {
  const row = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

const admins = async () => Promise.all([createUser(prisma(), { isAdmin: true }), createUser(prisma(), { isAdmin: true })]);

describe("add-funds requests", () => {
  it("records the spec's ticket with a contact snapshot and a transfer reference, and moves no money", async () => {
    const investor = await createInvestor(prisma(), { balance: "2500" });
    const receipt = await requestDeposit(prisma(), {
      userId: investor.id,
      amount: "15000.5",
      description: "NEFT from HDFC",
      priority: "high",
      opsRecipients: [],
    });
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: receipt.ticketId } });
    expect(ticket).toMatchObject({ ticketType: "add_funds", status: "open", priority: "high", description: "NEFT from HDFC" });
    expect(ticket.amount?.toFixed(2)).toBe("15000.50");
    expect(ticket.referenceCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(ticket.userContactInfo).toMatchObject({
      email: investor.email,
      request_type: "add_funds",
      requested_amount: "15000.50",
      current_balance: "2500.00",
    });
    expect(await wallet(investor.id)).toEqual({ available: "2500.00", held: "0.00" });
  });

  it("refuses an investor without approved KYC and an amount under ₹1,000", async () => {
    const pending = await createInvestor(prisma(), { kycStatus: "pending" });
    await expect(requestDeposit(prisma(), { userId: pending.id, amount: "5000", opsRecipients: [] })).rejects.toMatchObject({
      code: "kyc_required",
      message: "KYC Required - Please complete your KYC verification before managing funds",
    });
    const approved = await createInvestor(prisma());
    for (const amount of ["999.99", "1,0,00", "1e4", "-3000", "", "12.3.4", "5000.001"]) {
      await expect(requestDeposit(prisma(), { userId: approved.id, amount, opsRecipients: [] })).rejects.toMatchObject({
        code: "invalid_amount",
        field: "amount",
        message: "Invalid Amount - Please enter a valid amount (minimum ₹1,000)",
      });
    }
    expect(await prisma().supportTicket.count({ where: { userId: { in: [pending.id, approved.id] } } })).toBe(0);
  });

  it("credits the wallet exactly once, less the ₹10 fee on its own line, when two admins resolve together", async () => {
    const investor = await createInvestor(prisma());
    const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "20000", opsRecipients: [] });
    const [first, second] = await admins();
    const results = await Promise.allSettled(
      [first, second].map((admin) =>
        updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", adminResponse: "Received", receivedAmount: "19990" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled" && r.value.journalId !== null)).toHaveLength(1);
    expect(await wallet(investor.id)).toEqual({ available: "19980.00", held: "0.00" });
    const history = await prisma().transaction.findMany({ where: { userId: investor.id }, orderBy: { transactionType: "asc" } });
    expect(history.map((t) => [t.transactionType, t.amount.toFixed(2)])).toEqual([
      ["deposit", "19990.00"],
      ["fee", "10.00"],
    ]);
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId }, include: { events: true } });
    expect(ticket.status).toBe("resolved");
    expect(ticket.receivedAmount?.toFixed(2)).toBe("19990.00");
    expect(ticket.resolutionJournalId).not.toBeNull();
    expect(ticket.events.map((e) => e.toStatus)).toContain("resolved");
    expect(await prisma().adminAuditLog.count({ where: { targetId: ticketId, action: "ticket.resolved" } })).toBe(1);
    expect(await prisma().userAlert.count({ where: { userId: investor.id, alertType: "support_ticket" } })).toBe(1);
  });

  it("refuses a no-op update and a second settlement of a finished request", async () => {
    const investor = await createInvestor(prisma());
    const [admin] = await admins();
    const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "1000", opsRecipients: [] });
    await expect(updateTicket(prisma(), { adminId: admin.id, ticketId, status: "open", adminResponse: "" })).rejects.toMatchObject({
      code: "no_change",
      status: 400,
    });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "closed", adminResponse: "No transfer arrived" });
    await expect(updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", receivedAmount: "1000" })).rejects.toMatchObject(
      {
        code: "already_final",
      },
    );
    expect(await wallet(investor.id)).toEqual({ available: "0.00", held: "0.00" });
  });

  it("refuses a received amount that does not cover the fee", async () => {
    const investor = await createInvestor(prisma());
    const [admin] = await admins();
    const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "1000", opsRecipients: [] });
    for (const receivedAmount of ["10", "-5", "abc", "100.123"]) {
      await expect(updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", receivedAmount })).rejects.toMatchObject({
        field: "receivedAmount",
      });
    }
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("open");
  });
});

describe("withdrawal requests", () => {
  it("hold the amount so it can be neither spent nor requested again", async () => {
    const investor = await createInvestor(prisma(), { balance: "5000" });
    const property = await createProperty(prisma(), { sharePrice: "2500", totalShares: 100, totalValue: "250000" });
    const receipt = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
    expect(await wallet(investor.id)).toEqual({ available: "2000.00", held: "3000.00" });
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: receipt.ticketId } });
    expect(ticket.holdJournalId).toBe(receipt.holdJournalId);

    await expect(
      purchaseShares(prisma(), { userId: investor.id, propertyId: property.id, shares: 1, idempotencyKey: newIdempotencyKey() }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(requestWithdrawal(prisma(), { userId: investor.id, amount: "2000.01", opsRecipients: [] })).rejects.toMatchObject({
      code: "insufficient_balance",
      message: "Insufficient Balance - Your available balance is ₹2,000.00",
    });
  });

  it("refuses to resolve a withdrawal that has no hold: nothing changes, no journal, no alert, no 'paid out' message", async () => {
    const investor = await createInvestor(prisma(), { balance: "250000" });
    const [admin] = await admins();
    // The impossible state the old demo data had: a withdrawal in progress whose amount was never held.
    const ticket = await prisma().supportTicket.create({
      data: { userId: investor.id, ticketType: "withdraw_funds", subject: "Withdraw funds", amount: "200000", status: "in_progress" },
    });
    const counts = async () => ({
      journals: await prisma().ledgerJournal.count(),
      alerts: await prisma().userAlert.count({ where: { userId: investor.id } }),
      events: await prisma().supportTicketEvent.count({ where: { ticketId: ticket.id } }),
      audit: await prisma().adminAuditLog.count({ where: { targetId: ticket.id } }),
      transactions: await prisma().transaction.count({ where: { userId: investor.id } }),
    });
    const before = await counts();
    await expect(
      updateTicket(prisma(), { adminId: admin.id, ticketId: ticket.id, status: "resolved", adminResponse: "Paid" }),
    ).rejects.toMatchObject({
      code: "no_hold",
      status: 409,
      message: expect.stringContaining("no held amount"),
    });
    expect(await counts()).toEqual(before);
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("in_progress");
    expect(await wallet(investor.id)).toEqual({ available: "250000.00", held: "0.00" });

    // Closing it is allowed, and the investor is not told that a held amount was released.
    await updateTicket(prisma(), { adminId: admin.id, ticketId: ticket.id, status: "closed", adminResponse: "Please request again" });
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: investor.id }, orderBy: { createdAt: "desc" } });
    expect(alert.message).not.toMatch(/held|paid out/);
    expect(await wallet(investor.id)).toEqual({ available: "250000.00", held: "0.00" });
  });

  it("two withdrawals racing for the same rupees: one is held, the other refused", async () => {
    const investor = await createInvestor(prisma(), { balance: "5000" });
    const results = await Promise.allSettled(
      [0, 1].map(() => requestWithdrawal(prisma(), { userId: investor.id, amount: "4000", opsRecipients: [] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await wallet(investor.id)).toEqual({ available: "1000.00", held: "4000.00" });
    expect(await prisma().supportTicket.count({ where: { userId: investor.id } })).toBe(1);
  });

  it("pays the held amount out once when two admins resolve together", async () => {
    const investor = await createInvestor(prisma(), { balance: "5000" });
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
    const [first, second] = await admins();
    const results = await Promise.allSettled(
      [first, second].map((admin) => updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", adminResponse: "Paid" })),
    );
    expect(results.filter((r) => r.status === "fulfilled" && r.value.journalId !== null)).toHaveLength(1);
    expect(await wallet(investor.id)).toEqual({ available: "2000.00", held: "0.00" });
    expect(await prisma().transaction.count({ where: { userId: investor.id, transactionType: "withdrawal" } })).toBe(1);
  });

  it("resolved by one admin and closed by another at the same moment: either paid out or released, never both", async () => {
    for (let round = 0; round < 3; round++) {
      const investor = await createInvestor(prisma(), { balance: "5000" });
      const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
      const [first, second] = await admins();
      const results = await Promise.allSettled([
        updateTicket(prisma(), { adminId: first.id, ticketId, status: "resolved", adminResponse: "Paid" }),
        updateTicket(prisma(), { adminId: second.id, ticketId, status: "closed", adminResponse: "Cancelled" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
      const paid = await prisma().transaction.count({ where: { userId: investor.id, transactionType: "withdrawal" } });
      if (ticket.status === "resolved") {
        expect(await wallet(investor.id)).toEqual({ available: "2000.00", held: "0.00" });
        expect(paid).toBe(1);
      } else {
        expect(ticket.status).toBe("closed");
        expect(await wallet(investor.id)).toEqual({ available: "5000.00", held: "0.00" });
        expect(paid).toBe(0);
      }
      expect(await prisma().ledgerJournal.count({ where: { pendingJournalId: ticket.holdJournalId } })).toBe(1);
    }
  });

  it("closing unresolved releases the hold", async () => {
    const investor = await createInvestor(prisma(), { balance: "5000" });
    const [admin] = await admins();
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "3000", opsRecipients: [] });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "in_progress", adminResponse: "Checking" });
    expect(await wallet(investor.id)).toEqual({ available: "2000.00", held: "3000.00" });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "closed", adminResponse: "Cancelled at your request" });
    expect(await wallet(investor.id)).toEqual({ available: "5000.00", held: "0.00" });
    const events = await prisma().supportTicketEvent.findMany({ where: { ticketId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, "open"],
      ["open", "in_progress"],
      ["in_progress", "closed"],
    ]);
  });
});

describe("every change to a request", () => {
  it("reaches the investor as an alert when the status changes, and is kept in the history and the audit log", async () => {
    const investor = await createInvestor(prisma());
    const [admin] = await admins();
    const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "5000", opsRecipients: [] });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "in_progress", adminResponse: "Looking for your transfer" });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "in_progress", adminResponse: "Found it, crediting today" });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", receivedAmount: "5000" });

    const alerts = await prisma().userAlert.findMany({
      where: { userId: investor.id, alertType: "support_ticket" },
      orderBy: { createdAt: "asc" },
    });
    expect(alerts.map((a) => a.title)).toEqual(["Request in progress", "Request resolved"]);
    expect(alerts[0]!.message).toContain("Looking for your transfer");
    const events = await prisma().supportTicketEvent.findMany({ where: { ticketId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.adminResponse])).toEqual([
      [null, "open", null],
      ["open", "in_progress", "Looking for your transfer"],
      ["in_progress", "in_progress", "Found it, crediting today"],
      ["in_progress", "resolved", null],
    ]);
    const audit = await prisma().adminAuditLog.findMany({ where: { targetId: ticketId }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["ticket.in_progress", "ticket.respond", "ticket.resolved"]);
    expect(audit.every((a) => a.adminId === admin.id)).toBe(true);
    // The response stays when a later update leaves it empty (spec 001, "Support update").
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket.adminResponse).toBe("Found it, crediting today");
  });
});

describe("subscription requests", () => {
  it("can activate the subscription from the ticket", async () => {
    const user = await createUser(prisma());
    const [admin] = await admins();
    const ticket = await prisma().supportTicket.create({
      data: { userId: user.id, ticketType: "subscription_request", subject: "Upgrade to Premium" },
    });
    await updateTicket(prisma(), { adminId: admin.id, ticketId: ticket.id, status: "resolved", activateSubscription: true });
    const profile = await prisma().userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect(profile.subscriptionActive).toBe(true);
    expect(profile.tier).toBe("waitlist_player");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { confirmHold, createBuyerHold } from "~/domain/market/buyer-holds.server";
import { createMarket, newKey, wallet } from "~/domain/market/market-test-helpers";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { requestDeposit, requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { createInvestor, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import {
  approveMoneyMovement,
  needsSecondAdmin,
  rejectMoneyMovement,
  settleReservationFourEyes,
  updateTicketFourEyes,
} from "./four-eyes.server";
import { listMoneyApprovals } from "./list-approvals.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const THRESHOLD = "500000";

afterEach(async () => {
  expect(await checkLedger(prisma())).toEqual([]);
});

const threeAdmins = () => Promise.all([1, 2, 3].map(() => createUser(prisma(), { isAdmin: true, kycStatus: "approved" })));
const audit = (targetId: string) =>
  prisma()
    .adminAuditLog.findMany({ where: { targetId }, orderBy: { id: "asc" }, select: { action: true, adminId: true } })
    .then((rows) => rows.map((r) => `${r.action}:${r.adminId}`));
const journals = (ticketId: string) => prisma().ledgerJournal.count({ where: { idempotencyKey: { startsWith: `ticket:${ticketId}:` } } });

async function depositTicket(amount = "750000") {
  const investor = await createInvestor(prisma(), { balance: "1000" });
  const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount, opsRecipients: [] });
  return { investor, ticketId };
}

describe("the threshold", () => {
  it("is strictly above: exactly ₹5,00,000 needs one admin, a paisa more needs two", () => {
    expect(needsSecondAdmin("500000", THRESHOLD)).toBe(false);
    expect(needsSecondAdmin("500000.01", THRESHOLD)).toBe(true);
  });

  it("lets a deposit at the threshold through with one admin", async () => {
    const [admin] = await threeAdmins();
    const { investor, ticketId } = await depositTicket("500000");
    const done = await updateTicketFourEyes(
      prisma(),
      { adminId: admin!.id, ticketId, status: "resolved", receivedAmount: "500000" },
      THRESHOLD,
    );
    expect(done.state).toBe("done");
    expect((await wallet(prisma(), investor.id)).available).toBe("500990.00");
  });
});

describe("large deposits and withdrawals", () => {
  it("records a large deposit as awaiting approval, refuses the same admin, and posts it once when a second admin approves", async () => {
    const [first, second] = await threeAdmins();
    const { investor, ticketId } = await depositTicket();
    const gated = await updateTicketFourEyes(
      prisma(),
      { adminId: first!.id, ticketId, status: "resolved", receivedAmount: "750000", adminResponse: "Received by NEFT" },
      THRESHOLD,
    );
    expect(gated).toMatchObject({ state: "awaiting", amount: "750000.00" });
    const approvalId = gated.state === "awaiting" ? gated.approvalId : "";
    // Nothing moved, the ticket is still open, and the admin UI lists it as awaiting.
    expect((await wallet(prisma(), investor.id)).available).toBe("1000.00");
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("open");
    const listed = await listMoneyApprovals(prisma());
    expect(listed.awaiting.map((a) => [a.id, a.status, a.requestedBy.id])).toEqual([[approvalId, "awaiting", first!.id]]);

    // A second press while it waits is refused, not queued twice.
    await expect(
      updateTicketFourEyes(prisma(), { adminId: second!.id, ticketId, status: "resolved", receivedAmount: "750000" }, THRESHOLD),
    ).rejects.toMatchObject({ code: "already_awaiting", status: 409 });

    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: first!.id })).rejects.toMatchObject({
      code: "own_request",
      status: 403,
      message: "You cannot approve or reject your own request - a second admin must decide it",
    });
    await expect(rejectMoneyMovement(prisma(), { approvalId, adminId: first!.id })).rejects.toMatchObject({ status: 403 });
    expect((await wallet(prisma(), investor.id)).available).toBe("1000.00");

    const approved = await approveMoneyMovement(prisma(), { approvalId, adminId: second!.id });
    expect(approved.ticket).toMatchObject({ status: "resolved", credited: "749990.00" });
    expect((await wallet(prisma(), investor.id)).available).toBe("750990.00");
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket).toMatchObject({ status: "resolved", adminResponse: "Received by NEFT", handledBy: second!.id });
    // Both admins' actions are in the audit log.
    expect(await audit(ticketId)).toEqual([
      `approval.request:${first!.id}`,
      `approval.approve:${second!.id}`,
      `ticket.resolved:${second!.id}`,
    ]);
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: second!.id })).rejects.toMatchObject({ code: "already_decided" });
  });

  it("two admins approving the same deposit together move the money once", async () => {
    const [first, second, third] = await threeAdmins();
    const { investor, ticketId } = await depositTicket("900000");
    const gated = await updateTicketFourEyes(
      prisma(),
      { adminId: first!.id, ticketId, status: "resolved", receivedAmount: "900000" },
      THRESHOLD,
    );
    const approvalId = gated.state === "awaiting" ? gated.approvalId : "";
    const results = await Promise.allSettled(
      [second, third, second, third].map((admin) => approveMoneyMovement(prisma(), { approvalId, adminId: admin!.id })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "already_decided", status: 409 });
    expect(await journals(ticketId)).toBe(2); // the deposit and its fee, once
    expect((await wallet(prisma(), investor.id)).available).toBe("900990.00");
    expect(await prisma().adminAuditLog.count({ where: { targetId: ticketId, action: "approval.approve" } })).toBe(1);
  });

  it("a rejected large withdrawal moves nothing and keeps the hold; a later request can be approved", async () => {
    const [first, second] = await threeAdmins();
    const investor = await createInvestor(prisma(), { balance: "800000" });
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "600000", opsRecipients: [] });
    expect(await wallet(prisma(), investor.id)).toEqual({ available: "200000.00", held: "600000.00" });
    const gated = await updateTicketFourEyes(prisma(), { adminId: first!.id, ticketId, status: "resolved" }, THRESHOLD);
    expect(gated.state).toBe("awaiting");
    const approvalId = gated.state === "awaiting" ? gated.approvalId : "";
    await rejectMoneyMovement(prisma(), { approvalId, adminId: second!.id, note: "Bank details mismatch" });
    expect(await wallet(prisma(), investor.id)).toEqual({ available: "200000.00", held: "600000.00" });
    expect((await listMoneyApprovals(prisma())).decided[0]).toMatchObject({ status: "rejected", decisionNote: "Bank details mismatch" });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: second!.id })).rejects.toMatchObject({ code: "already_decided" });

    const again = await updateTicketFourEyes(prisma(), { adminId: second!.id, ticketId, status: "resolved" }, THRESHOLD);
    const secondId = again.state === "awaiting" ? again.approvalId : "";
    await approveMoneyMovement(prisma(), { approvalId: secondId, adminId: first!.id });
    expect(await wallet(prisma(), investor.id)).toEqual({ available: "200000.00", held: "0.00" });
    expect(await audit(ticketId)).toEqual([
      `approval.request:${first!.id}`,
      `approval.reject:${second!.id}`,
      `approval.request:${second!.id}`,
      `approval.approve:${first!.id}`,
      `ticket.resolved:${first!.id}`,
    ]);
  });

  it("marks the approval failed when the ticket was closed meanwhile, and moves nothing", async () => {
    const [first, second] = await threeAdmins();
    const investor = await createInvestor(prisma(), { balance: "700000" });
    const { ticketId } = await requestWithdrawal(prisma(), { userId: investor.id, amount: "650000", opsRecipients: [] });
    const gated = await updateTicketFourEyes(prisma(), { adminId: first!.id, ticketId, status: "resolved" }, THRESHOLD);
    const approvalId = gated.state === "awaiting" ? gated.approvalId : "";
    // Closing releases the hold: no four-eyes needed, no money leaves.
    await updateTicketFourEyes(prisma(), { adminId: second!.id, ticketId, status: "closed" }, THRESHOLD);
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: second!.id })).rejects.toMatchObject({ code: "already_final" });
    expect((await prisma().moneyApproval.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe("failed");
    expect(await wallet(prisma(), investor.id)).toEqual({ available: "700000.00", held: "0.00" });
  });
});

describe("large settlements", () => {
  it("a settlement above the threshold waits, and concurrent approvals settle it once", async () => {
    const [first, second, third] = await threeAdmins();
    // Issued at ₹50,000, so the ₹60,000 ask is at the top of the ±20% band (ADR 0076).
    const { seller, property } = await createMarket(prisma(), { sellerShares: 10, sharePrice: "50000" });
    const order = await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "10",
      pricePerShare: "60000",
      idempotencyKey: newKey(),
    });
    const buyer = await createInvestor(prisma(), { balance: "700000" });
    const hold = await createBuyerHold(prisma(), { buyerId: buyer.id, orderId: order.orderId, shares: "10", idempotencyKey: newKey() });
    await confirmHold(prisma(), { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
    const { reservationId } = await confirmHold(prisma(), { userId: seller.id, holdId: hold.holdId, side: "seller" });
    const sellerBefore = await wallet(prisma(), seller.id);

    const gated = await settleReservationFourEyes(
      prisma(),
      { adminId: first!.id, reservationId: reservationId!, notes: "paid" },
      THRESHOLD,
    );
    expect(gated).toMatchObject({ state: "awaiting", amount: "600000.00" });
    const approvalId = gated.state === "awaiting" ? gated.approvalId : "";
    expect(await wallet(prisma(), buyer.id)).toEqual({ available: "100000.00", held: "600000.00" });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: first!.id })).rejects.toMatchObject({ status: 403 });

    const results = await Promise.allSettled([second, third].map((a) => approveMoneyMovement(prisma(), { approvalId, adminId: a!.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await wallet(prisma(), buyer.id)).toEqual({ available: "100000.00", held: "0.00" });
    expect(Number((await wallet(prisma(), seller.id)).available) - Number(sellerBefore.available)).toBe(600000);
    const reservation = await prisma().shareReservation.findUniqueOrThrow({ where: { id: reservationId! } });
    expect(reservation.status).toBe("settled");
    expect((await audit(reservationId!)).map((a) => a.split(":")[0])).toEqual([
      "approval.request",
      "approval.approve",
      "reservation.settle",
    ]);
  });
});

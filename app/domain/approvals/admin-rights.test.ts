import { describe, expect, it } from "vitest";
import { requestDeposit } from "~/domain/wallet/request-funds.server";
import { createInvestor, createSession, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { requestAdminRightsChange } from "./admin-rights.server";
import { approveMoneyMovement, rejectMoneyMovement, updateTicketFourEyes } from "./four-eyes.server";
import { listMoneyApprovals } from "./list-approvals.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const THRESHOLD = "500000";
const HOUR = 60 * 60 * 1000;

const establishedAdmin = (fullName: string) => createUser(prisma(), { isAdmin: true, kycStatus: "approved", fullName });
const profile = (id: string) => prisma().userProfile.findUniqueOrThrow({ where: { id }, select: { isAdmin: true, adminSince: true } });
const audit = (targetId: string) =>
  prisma()
    .adminAuditLog.findMany({ where: { targetId }, orderBy: { id: "asc" }, select: { action: true, adminId: true } })
    .then((rows) => rows.map((r) => `${r.action}:${r.adminId}`));

async function largeDeposit(adminId: string) {
  const investor = await createInvestor(prisma(), { balance: "1000" });
  const { ticketId } = await requestDeposit(prisma(), {
    userId: investor.id,
    amount: "750000",
    description: "NEFT UTR HDFC0001234",
    opsRecipients: [],
  });
  const gated = await updateTicketFourEyes(
    prisma(),
    { adminId, ticketId, status: "resolved", receivedAmount: "750000", adminResponse: "UTR HDFC0001234 seen on the statement" },
    THRESHOLD,
  );
  if (gated.state !== "awaiting") throw new Error("expected the deposit to wait");
  return { investor, ticketId, approvalId: gated.approvalId };
}

describe("granting and removing admin rights takes two admins", () => {
  it("a grant waits on the approvals page, the granting admin cannot approve it, and it takes effect only when another admin approves", async () => {
    const first = await establishedAdmin("First Admin");
    const second = await establishedAdmin("Second Admin");
    const candidate = await createUser(prisma(), { fullName: "Meera Candidate", kycStatus: "approved" });

    const { approvalId, summary } = await requestAdminRightsChange(prisma(), { adminId: first.id, userId: candidate.id, grant: true });
    expect(summary).toContain("Grant admin rights to Meera Candidate");
    expect(await profile(candidate.id)).toEqual({ isAdmin: false, adminSince: null });
    const listed = (await listMoneyApprovals(prisma())).awaiting.find((a) => a.id === approvalId);
    expect(listed).toMatchObject({ kind: "admin_grant", status: "awaiting", requestedBy: { id: first.id }, userId: candidate.id });
    expect(listed!.facts).toContainEqual({ label: "User", value: `Meera Candidate (${candidate.email})` });

    // A second press while it waits is refused; the granting admin cannot approve their own request.
    await expect(requestAdminRightsChange(prisma(), { adminId: second.id, userId: candidate.id, grant: true })).rejects.toMatchObject({
      code: "already_awaiting",
      status: 409,
    });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: first.id })).rejects.toMatchObject({
      code: "own_request",
      status: 403,
    });
    expect((await profile(candidate.id)).isAdmin).toBe(false);

    await approveMoneyMovement(prisma(), { approvalId, adminId: second.id });
    const granted = await profile(candidate.id);
    expect(granted.isAdmin).toBe(true);
    // The database stamps when the rights began: now, not any earlier time.
    expect(Math.abs(granted.adminSince!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await audit(candidate.id)).toEqual([
      `approval.request:${first.id}`,
      `approval.approve:${second.id}`,
      `user.admin_grant:${second.id}`,
    ]);
  });

  it("a request that would change nothing is refused and nothing is queued", async () => {
    const first = await establishedAdmin("First Admin");
    const other = await establishedAdmin("Other Admin");
    const investor = await createInvestor(prisma());
    await expect(requestAdminRightsChange(prisma(), { adminId: first.id, userId: other.id, grant: true })).rejects.toMatchObject({
      code: "already_admin",
      status: 409,
    });
    await expect(requestAdminRightsChange(prisma(), { adminId: first.id, userId: investor.id, grant: false })).rejects.toMatchObject({
      code: "not_admin",
      status: 409,
    });
    expect(await prisma().moneyApproval.count({ where: { targetId: { in: [other.id, investor.id] } } })).toBe(0);
  });

  it("a removal takes effect only on a second admin's approval, ends the user's sessions, and the user cannot decide their own", async () => {
    const first = await establishedAdmin("First Admin");
    const second = await establishedAdmin("Second Admin");
    const leaving = await establishedAdmin("Leaving Admin");
    await createSession(prisma(), leaving.id);
    const { approvalId } = await requestAdminRightsChange(prisma(), { adminId: first.id, userId: leaving.id, grant: false });
    expect((await profile(leaving.id)).isAdmin).toBe(true);
    await expect(rejectMoneyMovement(prisma(), { approvalId, adminId: leaving.id })).rejects.toMatchObject({
      code: "own_rights",
      status: 403,
    });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: leaving.id })).rejects.toMatchObject({ code: "own_rights" });

    await approveMoneyMovement(prisma(), { approvalId, adminId: second.id });
    expect(await profile(leaving.id)).toEqual({ isAdmin: false, adminSince: null });
    expect(await prisma().session.count({ where: { userId: leaving.id } })).toBe(0);
  });
});

describe("who may approve", () => {
  it("an admin granted less than 24 hours ago cannot approve, even through the two-admin grant, and nothing moves", async () => {
    const first = await establishedAdmin("First Admin");
    const second = await establishedAdmin("Second Admin");
    const newcomer = await createUser(prisma(), { kycStatus: "approved", fullName: "New Admin" });
    const grant = await requestAdminRightsChange(prisma(), { adminId: first.id, userId: newcomer.id, grant: true });
    await approveMoneyMovement(prisma(), { approvalId: grant.approvalId, adminId: second.id });

    const { investor, approvalId } = await largeDeposit(first.id);
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: newcomer.id })).rejects.toMatchObject({
      code: "approver_not_eligible",
      status: 403,
      message: expect.stringContaining("less than 24 hours"),
    });
    expect((await prisma().moneyApproval.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe("awaiting");
    expect((await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } })).availableBalance.toFixed(2)).toBe(
      "1000.00",
    );

    // An admin of 23 hours is still new; at 25 hours the same admin may approve.
    const almost = await createUser(prisma(), { isAdmin: true, kycStatus: "approved", adminSince: new Date(Date.now() - 23 * HOUR) });
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: almost.id })).rejects.toMatchObject({
      code: "approver_not_eligible",
    });
    const settled = await createUser(prisma(), { isAdmin: true, kycStatus: "approved", adminSince: new Date(Date.now() - 25 * HOUR) });
    await approveMoneyMovement(prisma(), { approvalId, adminId: settled.id });
    expect((await prisma().moneyApproval.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe("approved");
  });

  it("an admin whose own KYC is not approved cannot approve", async () => {
    const first = await establishedAdmin("First Admin");
    const unverified = await createUser(prisma(), { isAdmin: true, kycStatus: "under_review" });
    const { approvalId } = await largeDeposit(first.id);
    await expect(approveMoneyMovement(prisma(), { approvalId, adminId: unverified.id })).rejects.toMatchObject({
      code: "approver_not_eligible",
      message: expect.stringContaining("KYC is not approved"),
    });
    expect((await prisma().moneyApproval.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe("awaiting");
  });

  it("the approver sees the investor, the amounts, the transfer reference, the ticket and the first admin's note", async () => {
    const first = await establishedAdmin("First Admin");
    const { investor, ticketId, approvalId } = await largeDeposit(first.id);
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    const row = (await listMoneyApprovals(prisma())).awaiting.find((a) => a.id === approvalId)!;
    expect(row.ticketId).toBe(ticketId);
    expect(row.facts).toEqual(
      expect.arrayContaining([
        { label: "Investor", value: `Test User (${investor.email})` },
        { label: "Amount requested", value: "₹7,50,000.00" },
        { label: "Amount received (as recorded)", value: "₹7,50,000.00" },
        { label: "Transfer reference (UTR remark)", value: ticket.referenceCode! },
        { label: "Investor's note", value: "NEFT UTR HDFC0001234" },
        { label: "First admin's note", value: "UTR HDFC0001234 seen on the statement" },
      ]),
    );
  });

  it("the database stamps admin_since itself: a flag switched on later starts now, whatever the caller says", async () => {
    const user = await createUser(prisma());
    await prisma().userProfile.update({ where: { id: user.id }, data: { isAdmin: true, adminSince: new Date("2020-01-01T00:00:00Z") } });
    const stamped = await profile(user.id);
    expect(Math.abs(stamped.adminSince!.getTime() - Date.now())).toBeLessThan(60_000);
    await prisma().userProfile.update({ where: { id: user.id }, data: { adminSince: new Date("2020-01-01T00:00:00Z") } });
    expect((await profile(user.id)).adminSince).toEqual(stamped.adminSince);
  });
});

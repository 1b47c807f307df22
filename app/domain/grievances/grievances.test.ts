import { describe, expect, it } from "vitest";
import { ticketReference } from "~/domain/wallet/request-funds.server";
import { updateTicket } from "~/domain/support/update-ticket.server";
import { createInvestor, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { escalateByInvestor, escalateMissedClocks } from "./escalate-grievance.server";
import { getOwnGrievance, listOpenGrievances, listOwnGrievances } from "./list-grievances.server";
import { raiseComplaint } from "./raise-grievance.server";
import { requestErasure } from "./request-erasure.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const HOUR = 3_600_000;
const raisedAt = new Date("2026-12-01T10:00:00Z");
const later = (hours: number) => new Date(raisedAt.getTime() + hours * HOUR);
const complaint = { subject: "Rent not credited", description: "My November rent has not reached my wallet." };

/** Each escalation's reason, and whether `admin` was among those alerted. */
async function escalationsOf(ticketId: string, admin?: string) {
  const rows = await prisma().grievanceEscalation.findMany({ where: { ticketId }, orderBy: { reason: "asc" } });
  return rows.map((r) => [r.reason, admin ? (r.notified as string[]).includes(admin) : null]);
}

describe("grievances on a clock", () => {
  it("a complaint is acknowledged by the first admin update, and its clocks show it", async () => {
    const investor = await createInvestor(prisma());
    const admin = await createUser(prisma(), { isAdmin: true });
    const { ticketId } = await raiseComplaint(prisma(), investor.id, complaint, raisedAt);
    await updateTicket(
      prisma(),
      { adminId: admin.id, ticketId, status: "in_progress", adminResponse: "Looking into it" },
      { now: () => later(2) },
    );

    const detail = await getOwnGrievance(prisma(), investor.id, ticketId, later(3));
    expect(detail?.clocks.map((c) => [c.clock, c.state, c.doneAt])).toEqual([
      ["acknowledge", "met", later(2).toISOString()],
      ["resolve", "running", null],
      ["scores", "running", null],
    ]);
    expect(detail?.canEscalate).toBe(true);
  });

  it("the job escalates each missed clock once, to an admin other than the handler, run twice or twice at once", async () => {
    const investor = await createInvestor(prisma());
    const [handler, second] = [await createUser(prisma(), { isAdmin: true }), await createUser(prisma(), { isAdmin: true })];
    const { ticketId } = await raiseComplaint(prisma(), investor.id, complaint, raisedAt);
    await prisma().supportTicket.update({ where: { id: ticketId }, data: { handledBy: handler.id } });

    expect((await escalateMissedClocks(prisma(), later(23))).escalated).toBe(0);
    await Promise.all([escalateMissedClocks(prisma(), later(25)), escalateMissedClocks(prisma(), later(25))]);
    await escalateMissedClocks(prisma(), later(26));
    expect(await escalationsOf(ticketId, second.id)).toEqual([["acknowledge_missed", true]]);
    expect(await escalationsOf(ticketId, handler.id)).toEqual([["acknowledge_missed", false]]);

    await Promise.all([escalateMissedClocks(prisma(), later(22 * 24)), escalateMissedClocks(prisma(), later(22 * 24))]);
    await escalateMissedClocks(prisma(), later(23 * 24));
    expect(await escalationsOf(ticketId, second.id)).toEqual([
      ["acknowledge_missed", true],
      ["resolve_missed", true],
      ["scores_missed", true],
    ]);
    expect(
      await prisma().userAlert.count({
        where: { userId: second.id, alertType: "grievance_escalated", message: { contains: ticketReference(ticketId) } },
      }),
    ).toBe(3);
    expect(
      await prisma().userAlert.count({
        where: { userId: handler.id, alertType: "grievance_escalated", message: { contains: ticketReference(ticketId) } },
      }),
    ).toBe(0);
    expect((await listOpenGrievances(prisma(), later(23 * 24))).find((g) => g.ticketId === ticketId)?.ageHours).toBe(23 * 24);
  });

  it("does not escalate a resolved complaint", async () => {
    const investor = await createInvestor(prisma());
    const admin = await createUser(prisma(), { isAdmin: true });
    const { ticketId } = await raiseComplaint(prisma(), investor.id, complaint, raisedAt);
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", adminResponse: "Credited" }, { now: () => later(1) });
    await escalateMissedClocks(prisma(), later(30 * 24));
    expect(await escalationsOf(ticketId)).toEqual([]);
  });

  it("the investor escalates once; nobody else can reach or escalate their complaint", async () => {
    const [owner, stranger] = [await createInvestor(prisma()), await createInvestor(prisma())];
    await createUser(prisma(), { isAdmin: true });
    const { ticketId } = await raiseComplaint(prisma(), owner.id, complaint, raisedAt);

    await expect(escalateByInvestor(prisma(), stranger.id, ticketId)).rejects.toMatchObject({ status: 404 });
    expect(await getOwnGrievance(prisma(), stranger.id, ticketId, raisedAt)).toBeNull();
    expect(await listOwnGrievances(prisma(), stranger.id, raisedAt)).toEqual([]);

    await escalateByInvestor(prisma(), owner.id, ticketId);
    await expect(escalateByInvestor(prisma(), owner.id, ticketId)).rejects.toMatchObject({ code: "ALREADY_ESCALATED", status: 409 });
    expect((await getOwnGrievance(prisma(), owner.id, ticketId, raisedAt))?.canEscalate).toBe(false);
    await expect(escalateByInvestor(prisma(), owner.id, "not-an-id")).rejects.toMatchObject({ status: 404 });
  });
});

describe("data rights", () => {
  it("refuses to erase KYC and transaction records, with the law's reason, and erases what no law keeps", async () => {
    const investor = await createInvestor(prisma(), { balance: "5000" });
    await prisma().userAlert.create({ data: { userId: investor.id, alertType: "test", title: "Hello", message: "An alert" } });
    const transactionsBefore = await prisma().transaction.count({ where: { userId: investor.id } });

    const outcome = await requestErasure(prisma(), investor.id, { categories: ["kyc", "transactions", "notifications"] }, raisedAt);

    expect(outcome.erased.map((e) => e.category)).toEqual(["notifications"]);
    expect(outcome.refused.map((r) => r.category)).toEqual(["kyc", "transactions"]);
    expect(outcome.refused[0]?.reason).toMatch(/Prevention of Money-laundering Act 2002 \(section 12\)/);
    expect(outcome.refused[1]?.reason).toMatch(/Companies Act 2013, section 128\(5\)/);
    expect(await prisma().userAlert.count({ where: { userId: investor.id } })).toBe(0);
    expect(await prisma().transaction.count({ where: { userId: investor.id } })).toBe(transactionsBefore);
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: investor.id } })).kycStatus).toBe("approved");

    const detail = await getOwnGrievance(prisma(), investor.id, outcome.ticketId, raisedAt);
    expect(detail?.refused.map((r) => r.name)).toEqual(["KYC records", "Wallet, ledger and investments"]);
    expect(detail?.status).toBe("resolved");
    expect(detail?.clocks.every((c) => c.state === "met")).toBe(true);
  });

  it("an erasure of only kept records is closed, refused, and asks for a known kind of data", async () => {
    const investor = await createInvestor(prisma());
    const outcome = await requestErasure(prisma(), investor.id, { categories: "kyc" }, raisedAt);
    expect(outcome.erased).toEqual([]);
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: outcome.ticketId } })).status).toBe("closed");
    await expect(requestErasure(prisma(), investor.id, { categories: ["everything"] })).rejects.toMatchObject({ status: 400 });
    await expect(requestErasure(prisma(), investor.id, { categories: [] })).rejects.toMatchObject({ status: 400 });
  });
});

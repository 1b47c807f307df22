import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appClient, flashedToasts as toasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Admin actions over HTTP without JavaScript tell the truth: a grant of admin rights waits
 * for a second admin (and a new admin may not be that second admin), a withdrawal with no
 * hold is refused rather than "paid out", Set ROI says what it stored, and the audit log
 * reads as sentences (ADRs 0049, 0050).
 */
const db = useTestDatabase();
const SECRET = "admin-truth-session-secret-0123456789abcdef012";
let app: AppProcess;
const prisma = () => db.current.prisma;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET });
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

const { post } = appClient(() => app);
const page = async (pathname: string, cookie: string) => (await fetch(`${app.baseUrl}${pathname}`, { headers: { Cookie: cookie } })).text();

const admin = async (fullName: string, extra: { kycStatus?: "approved" | "pending"; adminSince?: Date } = { kycStatus: "approved" }) => {
  const user = await createUser(prisma(), { isAdmin: true, fullName, ...extra });
  return { user, cookie: (await createSession(prisma(), user.id, { production: true }))! };
};

describe("admin rights over HTTP", () => {
  it("Make Admin only records a request; it waits on /admin/approvals and takes effect when a second, established admin approves", async () => {
    const first = await admin("Asha Rao");
    const second = await admin("Vikram Shah");
    const fresh = await admin("Nisha New", { kycStatus: "approved", adminSince: new Date() });
    const candidate = await createUser(prisma(), { fullName: "Ravi Kumar", kycStatus: "approved" });

    const asked = await post("/admin/users", first.cookie, { intent: "make-admin", userId: candidate.id, returnTo: "/admin/users" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/admin/approvals");
    expect((await toasts(asked))[0]).toMatchObject({
      title: "Awaiting approval",
      description: expect.stringContaining("Grant admin rights to Ravi Kumar"),
    });
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: candidate.id } })).isAdmin).toBe(false);
    const request = await prisma().moneyApproval.findFirstOrThrow({ where: { targetId: candidate.id, status: "awaiting" } });

    expect(await page("/admin/approvals", first.cookie)).toContain("You recorded this one");
    const freshView = await page("/admin/approvals", fresh.cookie);
    expect(freshView).toContain("less than 24 hours old");
    expect(freshView).not.toContain('value="approve"');
    const refused = await post("/admin/approvals", fresh.cookie, { intent: "approve", approvalId: request.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("less than 24 hours old");
    const own = await post("/admin/approvals", first.cookie, { intent: "approve", approvalId: request.id });
    expect(own.status).toBe(403);
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: candidate.id } })).isAdmin).toBe(false);

    const approved = await post("/admin/approvals", second.cookie, { intent: "approve", approvalId: request.id });
    expect(approved.status).toBe(302);
    expect((await prisma().userProfile.findUniqueOrThrow({ where: { id: candidate.id } })).isAdmin).toBe(true);

    // The audit log reads as sentences, not JSON.
    const audit = await page(`/admin/audit?target=${candidate.id}`, second.cookie);
    expect(audit).toContain("Vikram Shah granted admin rights to Ravi Kumar");
    expect(audit).toContain("Asha Rao asked a second admin to approve a change to Ravi Kumar");
    expect(audit).not.toContain("&quot;before&quot;");
    expect(audit).not.toContain('"before":');
  });
});

describe("no false success", () => {
  it("resolving a withdrawal with no hold answers 409 with the reason and changes nothing", async () => {
    const { cookie } = await admin("Asha Rao");
    const investor = await createInvestor(prisma(), { balance: "250000" });
    const ticket = await prisma().supportTicket.create({
      data: { userId: investor.id, ticketType: "withdraw_funds", subject: "Withdraw funds", amount: "200000", status: "in_progress" },
    });
    const journals = await prisma().ledgerJournal.count();
    const response = await post("/admin/support", cookie, { ticketId: ticket.id, status: "resolved", adminResponse: "Paid" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("no held amount");
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("in_progress");
    expect(await prisma().ledgerJournal.count()).toBe(journals);
    expect(await prisma().userAlert.count({ where: { userId: investor.id } })).toBe(0);
  });

  it("Set ROI 0 clears the stored ROI and the toast says so; an unchanged value says nothing was stored", async () => {
    const { cookie } = await admin("Asha Rao");
    const property = await createProperty(prisma(), { status: "funded" });
    await prisma().property.update({ where: { id: property.id }, data: { actualRoiPercentage: "9.5" } });
    const cleared = await post("/admin/share-trading", cookie, { intent: "set-roi", propertyId: property.id, roi: "0" });
    expect(cleared.status).toBe(302);
    expect((await toasts(cleared))[0]).toMatchObject({
      kind: "success",
      title: "ROI Updated",
      description: expect.stringContaining("cleared"),
    });
    expect((await prisma().property.findUniqueOrThrow({ where: { id: property.id } })).actualRoiPercentage).toBeNull();
    const again = await post("/admin/share-trading", cookie, { intent: "set-roi", propertyId: property.id, roi: "" });
    expect((await toasts(again))[0]).toMatchObject({ kind: "info", title: "ROI Unchanged" });
  });
});

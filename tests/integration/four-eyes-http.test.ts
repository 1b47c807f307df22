import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { requestDeposit } from "../../app/domain/wallet/request-funds.server";
import { appClient, flashedToasts as toasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Four-eyes (ADR 0033) over HTTP without JavaScript: plain form posts by three admins to two
 * production app processes on one database. The first admin's resolve waits; the same admin
 * is refused; two other admins approving together on different processes move the money once.
 */
const db = useTestDatabase();
const SECRET = "four-eyes-session-secret-0123456789abcdef0123";
let one: AppProcess;
let two: AppProcess;
const prisma = () => db.current.prisma;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  const env = { DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, FOUR_EYES_THRESHOLD_INR: "500000" };
  [one, two] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
}, 90_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
});

const post = (app: AppProcess, pathname: string, cookie: string, form: Record<string, string>) =>
  appClient(() => app).post(pathname, cookie, form);
const page = (app: AppProcess, pathname: string, cookie: string) => appClient(() => app).get(pathname, cookie);

describe("four-eyes on a large deposit, over HTTP", () => {
  it("waits for a second admin, refuses the first admin's own approval, and credits once when two others approve together", async () => {
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((i) => createUser(prisma(), { isAdmin: true, kycStatus: "approved", fullName: `Admin ${i}` })),
    );
    const [firstCookie, secondCookie, thirdCookie] = await Promise.all(
      [first!, second!, third!].map((a) => createSession(prisma(), a.id, { production: true })),
    );
    const investor = await createInvestor(prisma(), { balance: "1000" });
    const { ticketId } = await requestDeposit(prisma(), { userId: investor.id, amount: "750000", opsRecipients: [] });

    const resolve = await post(one, "/admin/support", firstCookie!, {
      ticketId,
      status: "resolved",
      receivedAmount: "750000",
      adminResponse: "NEFT received",
    });
    expect(resolve.status).toBe(302);
    expect(resolve.headers.get("location")).toBe("/admin/approvals");
    expect((await toasts(resolve))[0]).toMatchObject({ title: "Awaiting approval" });
    expect((await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } })).availableBalance.toFixed(2)).toBe(
      "1000.00",
    );

    // The ticket itself says it is waiting.
    expect(await (await page(one, `/admin/support?ticket=${ticketId}`, secondCookie!)).text()).toContain(
      "Awaiting approval: completing this request needs a second admin.",
    );
    // The approvals page: the requester sees it waiting without buttons; another admin gets Approve/Reject forms.
    const own = await (await page(two, "/admin/approvals", firstCookie!)).text();
    expect(own).toContain("Awaiting approval");
    expect(own).toContain("You recorded this one");
    const approval = await prisma().moneyApproval.findFirstOrThrow({ where: { targetId: ticketId } });
    const other = await (await page(two, "/admin/approvals", secondCookie!)).text();
    expect(other).toContain(`name="approvalId" value="${approval.id}"`);
    expect(other).toContain(`value="approve"`);

    const refused = await post(two, "/admin/approvals", firstCookie!, { intent: "approve", approvalId: approval.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You cannot approve or reject your own request");

    // Two other admins press Approve at once, on different processes.
    const [a, b] = await Promise.all([
      post(one, "/admin/approvals", secondCookie!, { intent: "approve", approvalId: approval.id }),
      post(two, "/admin/approvals", thirdCookie!, { intent: "approve", approvalId: approval.id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const wallet = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } });
    expect(wallet.availableBalance.toFixed(2)).toBe("750990.00");
    expect(await prisma().ledgerJournal.count({ where: { idempotencyKey: `ticket:${ticketId}:deposit` } })).toBe(1);
    expect((await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } })).status).toBe("resolved");
    const actions = await prisma().adminAuditLog.findMany({ where: { targetId: ticketId }, orderBy: { id: "asc" } });
    expect(actions.map((r) => r.action)).toEqual(["approval.request", "approval.approve", "ticket.resolved"]);
    expect(actions[0]!.adminId).toBe(first!.id);
    expect([second!.id, third!.id]).toContain(actions[1]!.adminId);
    expect(await checkLedger(prisma())).toEqual([]);
  });
});

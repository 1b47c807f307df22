import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { requestDeposit } from "../../app/domain/wallet/request-funds.server";
import { appClient, flashedToasts as toasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The bank-statement desk (ADR 0062) over HTTP as a browser without JavaScript sends it: the
 * CSV as a multipart upload to the production build, the credit as a plain form post.
 */
const db = useTestDatabase();
const SECRET = "bank-statements-session-secret-0123456789abcd";
const PAGE = "/admin/bank-statements";
let app: AppProcess;
const prisma = () => db.current.prisma;
const client = appClient(() => app);
let adminCookie = "";
let investorCookie = "";

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    FOUR_EYES_THRESHOLD_INR: "500000",
  });
  const admin = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
  const investor = await createInvestor(prisma(), { balance: "1000" });
  adminCookie = await createSession(prisma(), admin.id, { production: true });
  investorCookie = await createSession(prisma(), investor.id, { production: true });
}, 90_000);
afterAll(async () => {
  await app?.stop();
  expect(await checkInvariants(prisma())).toEqual([]);
});

function upload(text: string | Uint8Array<ArrayBuffer>, name = "escrow.csv") {
  const form = new FormData();
  form.set("intent", "import");
  form.set("statement", new Blob([text], { type: "text/csv" }), name);
  return form;
}
const balance = async (userId: string) =>
  (await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } })).availableBalance.toFixed(2);

describe("who may use it", () => {
  it("sends a signed-out visitor to sign in and an investor away; refuses their posts", async () => {
    expect((await client.get(PAGE)).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await client.get(PAGE, investorCookie)).headers.get("location")).toBe("/dashboard/overview");
    expect((await client.post(PAGE, investorCookie, upload("Date,Narration,Credit,Debit,Balance\n"))).status).toBe(403);
    expect((await client.post(PAGE, investorCookie, { intent: "credit", lineId: "x" })).status).toBe(403);
    expect(await prisma().bankStatementImport.count()).toBe(0);
  });
});

describe("importing and crediting without JavaScript", () => {
  it("imports a statement once, shows its proposal, and credits the wallet once when two admins press Credit together", async () => {
    const investor = await createInvestor(prisma(), { balance: "1000" });
    const { ticketId, referenceCode } = await requestDeposit(prisma(), { userId: investor.id, amount: "25000", opsRecipients: [] });
    const csv = [
      "Txn Date,Description,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance",
      `05/12/2026,NEFT-${referenceCode}-INVESTOR,UTR5001,,"25,000.00","1,25,000.00"`,
      "05/12/2026,NEFT from someone,UTR5002,,700.00,125700.00",
      "06/12/2026,Charges,,118.00,,125582.00",
    ].join("\n");

    const first = await client.post(PAGE, adminCookie, upload(csv));
    expect([first.status, first.headers.get("location")]).toEqual([302, PAGE]);
    expect((await toasts(first))[0]).toMatchObject({
      title: "Statement Imported",
      description: "escrow.csv: 3 new lines, 0 already imported.",
    });
    const again = await client.post(PAGE, adminCookie, upload(csv));
    expect((await toasts(again))[0]).toMatchObject({ description: "escrow.csv: 0 new lines, 3 already imported." });

    const html = await (await client.get(PAGE, adminCookie)).text();
    expect(html).toContain(`NEFT-${referenceCode}-INVESTOR`);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    const line = await prisma().bankStatementLine.findFirstOrThrow({ where: { bankReference: "UTR5001" } });
    expect(html).toContain(`name="lineId" value="${line.id}"`);

    const presses = await Promise.all([1, 2].map(() => client.post(PAGE, adminCookie, { intent: "credit", lineId: line.id })));
    expect(presses.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await balance(investor.id)).toBe("25990.00");
    const ticket = await prisma().supportTicket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket.status).toBe("resolved");
    expect((await prisma().bankStatementLine.findUniqueOrThrow({ where: { id: line.id } })).creditedJournalId).toBe(
      ticket.resolutionJournalId,
    );

    // The statement once more: nothing new, nothing credited again.
    const third = await client.post(PAGE, adminCookie, upload(csv, "escrow-again.csv"));
    expect((await toasts(third))[0]).toMatchObject({ description: "escrow-again.csv: 0 new lines, 3 already imported." });
    expect(await balance(investor.id)).toBe("25990.00");
    expect(await prisma().ledgerJournal.count({ where: { idempotencyKey: `ticket:${ticketId}:deposit` } })).toBe(1);
  });

  it("answers a bad file with 400 naming the line and column, and writes nothing", async () => {
    const before = await prisma().bankStatementLine.count();
    const bad = await client.post(
      PAGE,
      adminCookie,
      upload("Date,Narration,Credit,Debit,Balance\n01/12/2026,ok,10,,10\n02/12/2026,x,1e5,,10\n"),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Line 3, column Credit: &quot;1e5&quot; is not an amount in rupees");
    expect(await prisma().bankStatementLine.count()).toBe(before);
  });

  it("refuses an upload without a file, a file over 2 MB, and a body that is not multipart after all", async () => {
    const form = new FormData();
    form.set("intent", "import");
    const none = await client.post(PAGE, adminCookie, form);
    expect([none.status, (await none.text()).includes("Choose the statement file")]).toEqual([400, true]);
    const big = await client.post(PAGE, adminCookie, upload(new Uint8Array(2 * 1024 * 1024 + 10).fill(65)));
    expect([big.status, (await big.text()).includes("larger than 2 MB")]).toEqual([413, true]);
    const broken = await fetch(`${app.baseUrl}${PAGE}`, {
      method: "POST",
      headers: { Cookie: adminCookie, Origin: app.baseUrl, "Content-Type": "multipart/form-data; boundary=----edge" },
      body: '------edge\r\nContent-Disposition: form-data; name="intent"\r\n\r\nimport',
      redirect: "manual",
    });
    // Cut off inside the field: the reader answers 400, never 500.
    expect(broken.status).toBe(400);
  });

  it("waits for a second admin above the threshold", async () => {
    const investor = await createInvestor(prisma(), { balance: "1000" });
    const { referenceCode } = await requestDeposit(prisma(), { userId: investor.id, amount: "600000", opsRecipients: [] });
    await client.post(PAGE, adminCookie, upload(`Date,Narration,Credit,Debit,Balance\n07/12/2026,RTGS ${referenceCode},600000,,725582\n`));
    const line = await prisma().bankStatementLine.findFirstOrThrow({ where: { narration: `RTGS ${referenceCode}` } });
    const pressed = await client.post(PAGE, adminCookie, { intent: "credit", lineId: line.id });
    expect((await toasts(pressed))[0]).toMatchObject({ title: "Awaiting approval" });
    expect(await balance(investor.id)).toBe("1000.00");
    expect(await (await client.get(PAGE, adminCookie)).text()).toContain("Awaiting approval");
    expect(await prisma().moneyApproval.count({ where: { status: "awaiting" } })).toBe(1);
  });
});

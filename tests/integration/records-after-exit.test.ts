import { extractText, getDocumentProxy } from "unpdf";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveMoneyMovement } from "../../app/domain/approvals/four-eyes.server";
import { proposeExit, requestExitCompletion } from "../../app/domain/exits/exits.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The rule of ADR 0075: an investor whose only holding was sold drops to the waitlist tier, yet
 * keeps reading their own records (the closed position, the statements and tax documents);
 * the rest of the dashboard, and anyone who never held a share, are sent away as before.
 */

const db = useTestDatabase();
const SECRET = "records-after-exit-session-secret-0123456789";
let app: AppProcess;
const client = appClient(() => app);
let propertyId = "";
const former = { cookie: "" };
const never = { cookie: "" };

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  const prisma = db.current.prisma;
  const property = await createProperty(prisma, {
    title: "Closed Chapter House",
    city: "Shillong",
    sharePrice: "1000",
    minimumInvestment: "1000",
  });
  propertyId = property.id;
  const holder = await createInvestor(prisma, { balance: "10000" });
  await purchaseShares(prisma, { userId: holder.id, propertyId, shares: 3, idempotencyKey: newIdempotencyKey() });
  expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: holder.id } })).tier).not.toBe("waitlist_player");
  const [first, second] = [
    await createUser(prisma, { isAdmin: true, kycStatus: "approved" }),
    await createUser(prisma, { isAdmin: true, kycStatus: "approved" }),
  ];
  const proposed = await proposeExit(prisma, {
    adminId: first.id,
    propertyId,
    buyerName: "Quillon Realty LLP",
    salePrice: "1500000",
    costs: "0",
    expectedCompletionDate: "2027-03-31",
    note: "",
  });
  await approveMoneyMovement(prisma, { approvalId: proposed.approvalId, adminId: second.id });
  const { approvalId } = await requestExitCompletion(prisma, { adminId: first.id, exitId: proposed.exitId });
  await approveMoneyMovement(prisma, { approvalId, adminId: second.id });
  // Their only holding sold, the tier rule makes them a waitlist player again.
  expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: holder.id } })).tier).toBe("waitlist_player");
  const stranger = await createInvestor(prisma, { balance: "10000" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-records-"));
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, DATA_DIR: dataDir });
  former.cookie = await createSession(prisma, holder.id, { production: true });
  never.cookie = await createSession(prisma, stranger.id, { production: true });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("an investor whose only holding was sold", () => {
  it("still reads the closed position page, with the pay-out", async () => {
    const response = await client.get(`/dashboard/p/${propertyId}`, former.cookie);
    expect(response.status).toBe(200);
    // 1,500 a share (₹15,00,000 over 1,000 shares) for 3 shares.
    expect(await response.text()).toContain("₹4,500.00");
  });

  it("still reads the statements page and downloads the capital-gains and tax files that list the sale", async () => {
    const page = await client.get("/dashboard/statements", former.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Closed Chapter House");
    const csv = await client.get("/dashboard/statements/capital-gains.csv", former.cookie);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Closed Chapter House");
    for (const file of [
      "/dashboard/statements/capital-gains.pdf",
      "/dashboard/statements/account.pdf",
      "/dashboard/statements/tax-pack.pdf",
    ]) {
      const response = await client.get(file, former.cookie);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("Content-Type"), file).toContain("application/pdf");
    }
  });

  it("still downloads a holdings certificate from the statements page: no holdings, its wallet (ADR 0066)", async () => {
    expect(await (await client.get("/dashboard/statements", former.cookie)).text()).toContain("Download holdings certificate");
    const issued = await client.post("/dashboard/holdings-certificate", former.cookie, { intent: "issue" });
    expect(issued.status).toBe(303);
    const pdf = await client.get(issued.headers.get("Location")!, former.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text).toContain("Holdings certificate");
    expect(text).toContain("Available balance");
    expect(text).not.toContain("Closed Chapter House");
  });

  it("is sent to the waitlist dashboard from the rest of the dashboard, as the tier rule says", async () => {
    const overview = await client.get("/dashboard/overview", former.cookie);
    expect([overview.status, overview.headers.get("Location")]).toEqual([302, "/waitlist-dashboard"]);
  });
});

describe("a waitlist player who never held a share", () => {
  it("is sent to the waitlist dashboard from the statements and from any position page", async () => {
    for (const pathname of [
      "/dashboard/statements",
      "/dashboard/statements/capital-gains.csv",
      `/dashboard/p/${propertyId}`,
      "/dashboard/holdings-certificate",
    ]) {
      const response = await client.get(pathname, never.cookie);
      expect([response.status, response.headers.get("Location")], pathname).toEqual([302, "/waitlist-dashboard"]);
    }
  });
});

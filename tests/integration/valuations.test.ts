import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { instantBuyShares } from "../../app/domain/market/settle-trades.server";
import { valuationPrices } from "../../app/domain/figures/valuation.server";
import { istDate } from "../../app/domain/distributions/distribution-rules";
import { issueHoldingsCertificate } from "../../app/domain/certificates/holdings-certificate.server";
import { appClient, flashedToasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Valuations over HTTP as a browser without JavaScript sends them (ADR 0069): the multipart form
 * with its PDF report, four-eyes above a 10% change, the audit log, refusals that write nothing,
 * and the one valuation rule choosing the NAV over the last trade and the issue price.
 * The property: 1,000 shares issued at ₹10,000 (₹1 crore at issue).
 */
const db = useTestDatabase();
const SECRET = "valuations-session-secret-0123456789abcdef01";
const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-valuations-"));
let app: AppProcess;
const prisma = () => db.current.prisma;
const client = appClient(() => app);
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"));

let propertyId = "";
const cookies = { first: "", second: "", investor: "" };
const ids = { first: "", second: "", investor: "" };
const today = istDate(new Date());

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: SECRET, DATA_DIR: dataDir });
  const property = await createProperty(prisma(), { title: "Valuation Heights" });
  propertyId = property.id;
  const [first, second] = await Promise.all(
    [1, 2].map((i) => createUser(prisma(), { isAdmin: true, kycStatus: "approved", fullName: `Valuing Admin ${i}` })),
  );
  const investor = await createInvestor(prisma(), { balance: "100000" });
  await purchaseShares(prisma(), { userId: investor.id, propertyId, shares: 2, idempotencyKey: newIdempotencyKey() });
  Object.assign(ids, { first: first!.id, second: second!.id, investor: investor.id });
  cookies.first = await createSession(prisma(), first!.id, { production: true });
  cookies.second = await createSession(prisma(), second!.id, { production: true });
  cookies.investor = await createSession(prisma(), investor.id, { production: true });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const valuationsPath = () => `/admin/properties/${propertyId}/valuations`;

function valuationForm(fields: {
  valuer?: string;
  valuationDate?: string;
  value?: string;
  report?: { name: string; bytes: Uint8Array<ArrayBuffer> | string } | null;
}) {
  const form = new FormData();
  form.set("intent", "record");
  form.set("valuer", fields.valuer ?? "Orchard Valuers LLP");
  form.set("valuationDate", fields.valuationDate ?? today);
  form.set("value", fields.value ?? "10500000");
  const report = fields.report === undefined ? { name: "report.pdf", bytes: PDF } : fields.report;
  if (report) form.set("document", new Blob([report.bytes], { type: "application/pdf" }), report.name);
  return form;
}

/** What a refusal must leave behind: no valuation, no audit entry, no stored report. */
async function footprint() {
  const stored = (() => {
    try {
      return readdirSync(path.join(dataDir, "uploads/private"), { recursive: true }).filter(
        (name) => String(name).endsWith(".pdf") || /valuation-reports\/.+\/.+/.test(String(name)),
      ).length;
    } catch {
      return 0;
    }
  })();
  return {
    valuations: await prisma().propertyValuation.count({ where: { propertyId } }),
    audits: await prisma().adminAuditLog.count({ where: { targetId: propertyId } }),
    approvals: await prisma().moneyApproval.count({ where: { kind: "valuation" } }),
    stored,
  };
}

async function pageText(pathname: string, cookie: string): Promise<string> {
  const response = await client.get(pathname, cookie);
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  return html
    .slice(html.indexOf("<body"))
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("recording a valuation", () => {
  it("refuses bad input with a 4xx and writes nothing: no row, no audit entry, no stored report", async () => {
    const before = await footprint();
    const cases: [Parameters<typeof valuationForm>[0], number, string][] = [
      [{ value: "1e7" }, 400, "Enter the valuation in rupees"],
      [{ value: "-10500000" }, 400, "Enter the valuation in rupees"],
      [{ value: "0" }, 400, "Enter the valuation in rupees"],
      [{ value: "200000000000" }, 400, "The valuation is too large: at most ₹10,000 crore."],
      [{ valuer: " " }, 400, "Enter the valuer's name"],
      [{ valuationDate: "2026-02-30" }, 400, "Enter the date of the valuation."],
      [{ valuationDate: "2999-01-01" }, 400, "A valuation cannot be dated in the future."],
      [{ report: null }, 400, "Attach the valuation report (PDF)."],
      [{ report: { name: "report.pdf", bytes: PNG } }, 415, "The valuation report must be a PDF."],
      [{ report: { name: "report.docx", bytes: PDF } }, 415, "The valuation report must be a PDF."],
    ];
    for (const [fields, status, message] of cases) {
      const response = await client.post(valuationsPath(), cookies.first, valuationForm(fields));
      const body = await response.text();
      expect({ fields, status: response.status, says: body.includes(message) }).toEqual({ fields, status, says: true });
    }
    const balance = await client.post(valuationsPath(), cookies.first, { intent: "balance", debts: "abc", reserves: "0" });
    expect(balance.status).toBe(400);
    expect(await balance.text()).toContain("Enter the debts in rupees");
    expect(await footprint()).toEqual(before);
  });

  it("is refused to a non-admin, who cannot read the page or a report either", async () => {
    const before = await footprint();
    const post = await client.post(valuationsPath(), cookies.investor, valuationForm({}));
    expect(post.status).toBe(403);
    const page = await client.get(valuationsPath(), cookies.investor);
    expect([page.status, page.headers.get("location")]).toEqual([302, "/dashboard/overview"]);
    expect(await footprint()).toEqual(before);
  });

  it("within 10% of the value at issue: recorded at once, audited, its report kept privately, and positions valued at its NAV", async () => {
    const response = await client.post(valuationsPath(), cookies.first, valuationForm({ value: "1,05,00,000" }));
    expect([response.status, response.headers.get("location")]).toEqual([302, valuationsPath()]);
    expect((await flashedToasts(response))[0]).toMatchObject({ title: "Valuation recorded" });
    const valuation = await prisma().propertyValuation.findFirstOrThrow({ where: { propertyId } });
    expect([valuation.status, valuation.value.toFixed(2), valuation.recordedBy]).toEqual(["recorded", "10500000.00", ids.first]);
    const audit = await prisma().adminAuditLog.findFirstOrThrow({ where: { action: "valuation.record", targetId: propertyId } });
    expect(audit.adminId).toBe(ids.first);
    expect(audit.details).toMatchObject({ after: { valuationId: valuation.id, value: "10500000.00" } });

    // ₹1,05,00,000 less no debts or reserves, over 1,000 shares.
    expect(await valuationPrices(prisma(), [propertyId])).toEqual(
      new Map([[propertyId, { price: "10500.00", source: "nav", asOf: today }]]),
    );
    const position = await pageText(`/dashboard/p/${propertyId}`, cookies.investor);
    expect(position).toContain("Current share price ₹10,500.00");
    expect(position).toContain("Current value ₹21,000.00");
    expect(position).toContain(`This property's shares are at NAV per share, from the valuation dated ${today}.`);

    // The holdings certificate values the shares by the same rule and says which price it used.
    const certificate = await issueHoldingsCertificate(prisma(), ids.investor, "valuations-certificate-secret-0123456789");
    expect(certificate.content.holdings.map((h) => [h.property, h.valuationPrice, h.value, h.priceBasis])).toEqual([
      ["Valuation Heights", "10500.00", "21000.00", `NAV per share, from the valuation dated ${today}`],
    ]);

    const report = await client.get(`/admin/properties/${propertyId}/valuations/${valuation.id}/report.pdf`, cookies.second);
    expect(report.status).toBe(200);
    expect(await report.text()).toBe(PDF);
    const refused = await client.get(`/admin/properties/${propertyId}/valuations/${valuation.id}/report.pdf`, cookies.investor);
    expect(refused.status).toBe(302);
  });

  it("more than 10% above the previous: waits for a second admin, counts for nothing until approved, and the requester cannot approve it", async () => {
    const response = await client.post(
      valuationsPath(),
      cookies.first,
      valuationForm({ value: "11600000", valuer: "Second Opinion & Co" }),
    );
    expect((await flashedToasts(response))[0]).toMatchObject({ title: "Awaiting a second admin" });
    const waiting = await prisma().propertyValuation.findFirstOrThrow({ where: { propertyId, status: "awaiting" } });
    const approval = await prisma().moneyApproval.findFirstOrThrow({ where: { kind: "valuation", targetId: waiting.id } });
    expect([approval.status, approval.amount.toFixed(2), approval.requestedBy]).toEqual(["awaiting", "11600000.00", ids.first]);
    expect(approval.summary).toContain("+10.48%");
    expect((await valuationPrices(prisma(), [propertyId])).get(propertyId)?.price).toBe("10500.00");

    // A second change cannot be queued behind it.
    const another = await client.post(valuationsPath(), cookies.second, valuationForm({ value: "5000000" }));
    expect(another.status).toBe(409);

    const own = await client.post("/admin/approvals", cookies.first, { intent: "approve", approvalId: approval.id });
    expect(own.status).toBe(403);
    expect((await prisma().propertyValuation.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("awaiting");

    const approved = await client.post("/admin/approvals", cookies.second, { intent: "approve", approvalId: approval.id });
    expect(approved.status).toBe(302);
    const recorded = await prisma().propertyValuation.findUniqueOrThrow({ where: { id: waiting.id } });
    expect([recorded.status, recorded.decidedBy]).toEqual(["recorded", ids.second]);
    const audit = await prisma().adminAuditLog.findFirstOrThrow({
      where: { action: "valuation.record", adminId: ids.second, targetId: propertyId },
    });
    expect(audit.details).toMatchObject({ after: { valuationId: waiting.id, approved: true } });
    expect((await valuationPrices(prisma(), [propertyId])).get(propertyId)?.price).toBe("11600.00");
  });

  it("a rejected change stays in the history as rejected and never counts", async () => {
    await client.post(valuationsPath(), cookies.second, valuationForm({ value: "8000000", valuer: "Gloomy Surveyors" }));
    const waiting = await prisma().propertyValuation.findFirstOrThrow({ where: { propertyId, status: "awaiting" } });
    const approval = await prisma().moneyApproval.findFirstOrThrow({ where: { kind: "valuation", targetId: waiting.id } });
    const rejected = await client.post("/admin/approvals", cookies.first, {
      intent: "reject",
      approvalId: approval.id,
      note: "Wrong comparables",
    });
    expect(rejected.status).toBe(302);
    expect((await prisma().propertyValuation.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("rejected");
    expect((await valuationPrices(prisma(), [propertyId])).get(propertyId)?.price).toBe("11600.00");
    const adminPage = await pageText(valuationsPath(), cookies.first);
    expect(adminPage).toContain("Rejected");
    expect(adminPage).toContain("Gloomy Surveyors");
  });

  it("debts and reserves come off the NAV, audited; the invest page states the formula and shows the history", async () => {
    const response = await client.post(valuationsPath(), cookies.first, { intent: "balance", debts: "10,00,000", reserves: "1,50,000.50" });
    expect(response.status).toBe(302);
    const audit = await prisma().adminAuditLog.findFirstOrThrow({ where: { action: "property.balance", targetId: propertyId } });
    expect(audit.details).toMatchObject({
      before: { debts: "0.00", reserves: "0.00" },
      after: { debts: "1000000.00", reserves: "150000.50" },
    });
    // (1,16,00,000 − 10,00,000 − 1,50,000.50) / 1,000 = 10,449.9995 → ₹10,450.00 (half-up to the paisa).
    expect((await valuationPrices(prisma(), [propertyId])).get(propertyId)?.price).toBe("10450.00");
    const invest = await pageText(`/invest/${propertyId}`, cookies.investor);
    expect(invest).toContain("NAV per share ₹10,450.00");
    expect(invest).toContain("NAV per share = (latest valuation − debts − reserves) ÷ total shares issued, rounded half-up to the paisa");
    expect(invest).toContain("Second Opinion & Co");
    expect(invest).not.toContain("Gloomy Surveyors");
    expect(invest).toMatch(/NAV change: ₹10,500\.00 .* to ₹10,450\.00 .*−₹50\.00 a share \(-0\.48%\)/);
  });
});

describe("the one valuation rule", () => {
  it("values shares at the issue price, then the last settled trade, then the latest NAV once there is one", async () => {
    const property = await createProperty(prisma(), { title: "Rule Towers", sharePrice: "9000", totalShares: 500, totalValue: "4500000" });
    await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    const seller = await createInvestor(prisma(), { balance: "100000" });
    const buyer = await createInvestor(prisma(), { balance: "100000" });
    await purchaseShares(prisma(), { userId: seller.id, propertyId: property.id, shares: 3, idempotencyKey: newIdempotencyKey() });
    expect((await valuationPrices(prisma(), [property.id])).get(property.id)).toEqual({
      price: "9000.00",
      source: "issue_price",
      asOf: null,
    });
    const order = await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "1",
      pricePerShare: "9500",
      idempotencyKey: newIdempotencyKey(),
    });
    await instantBuyShares(prisma(), { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newIdempotencyKey() });
    expect((await valuationPrices(prisma(), [property.id])).get(property.id)).toEqual({
      price: "9500.00",
      source: "last_trade",
      asOf: null,
    });
    const response = await client.post(
      `/admin/properties/${property.id}/valuations`,
      cookies.first,
      valuationForm({ value: "4600000", valuationDate: "2026-01-15" }),
    );
    expect(response.status).toBe(302);
    expect((await valuationPrices(prisma(), [property.id])).get(property.id)).toEqual({
      price: "9200.00",
      source: "nav",
      asOf: "2026-01-15",
    });
  });
});

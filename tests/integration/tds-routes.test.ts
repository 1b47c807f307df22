import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { declareDistribution, payDistributionNow } from "../../app/domain/distributions/distributions.server";
import { financialQuarterOf } from "../../app/domain/tds/tds-split";
import { TAX_PACK_COLUMNS } from "../../app/domain/tds/tds-documents.server";
import { TDS_RETURN_COLUMNS } from "../../app/domain/tds/tds-admin.server";
import { reloadEnv } from "../../app/services/env.server";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useMailQueue } from "#tests/setup/mail-queue";

/**
 * TDS documents through the production build's request handler (ADR 0065): a certificate is its
 * owner's alone (another investor's quarter is a 404), the tax pack comes as PDF and CSV, and the
 * admin's return data has the quarterly statement's columns.
 */

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const ORIGIN = "http://localhost:3000";
let handle: (request: Request) => Promise<Response>;
const cookies = { asha: "", ravi: "", admin: "" };
let payingPropertyId = "";
const DAY = 24 * 60 * 60 * 1000;
const istDate = (d: Date) => new Date(d.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
const period = financialQuarterOf(istDate(new Date()));
const certificatePath = `/dashboard/statements/tds-certificate.pdf?year=${period.financialYear}&quarter=${period.quarter}`;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "tds-session-secret-0123456789abcdef0123";
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "aangan-tds-"));
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "tds" });
  const prisma = db.current.prisma;
  const paying = await createProperty(prisma, { title: "Whitefield Rent House", sharePrice: "100", minimumInvestment: "100" });
  payingPropertyId = paying.id;
  const other = await createProperty(prisma, { title: "Other Residency", sharePrice: "100", minimumInvestment: "100" });
  const asha = await createInvestor(prisma, { balance: "5000" });
  const ravi = await createInvestor(prisma, { balance: "5000" });
  await purchaseShares(prisma, { userId: asha.id, propertyId: paying.id, shares: 10, idempotencyKey: newIdempotencyKey() });
  await purchaseShares(prisma, { userId: ravi.id, propertyId: other.id, shares: 5, idempotencyKey: newIdempotencyKey() });
  await prisma.transaction.updateMany({ where: { transactionType: "investment" }, data: { createdAt: new Date(Date.now() - 10 * DAY) } });
  const admin = await createUser(prisma, { isAdmin: true });
  const { distributionId } = await declareDistribution(prisma, {
    adminId: admin.id,
    propertyId: paying.id,
    basis: "total",
    amount: "15000",
    recordDate: istDate(new Date(Date.now() - 4 * DAY)),
    paymentDate: istDate(new Date(Date.now() - DAY)),
    note: "",
  });
  await payDistributionNow(prisma, { adminId: admin.id, distributionId });
  cookies.asha = await createSession(prisma, asha.id);
  cookies.ravi = await createSession(prisma, ravi.id);
  cookies.admin = await createSession(prisma, admin.id);
});

const get = (pathname: string, who: keyof typeof cookies) =>
  handle(new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookies[who] }, redirect: "manual" }));

const pdfText = async (response: Response) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text;
};

describe("TDS documents", () => {
  it("the position and invest pages say what was withheld from a payout, so the rupees a share and what arrived agree", async () => {
    // ₹15,000 over 10 shares is ₹1,500 a share; 20% withheld without a PAN leaves ₹12,000.
    for (const pathname of [`/dashboard/p/${payingPropertyId}`, `/invest/${payingPropertyId}`]) {
      const page = await get(pathname, "asha");
      expect(page.status).toBe(200);
      const text = (await page.text()).replace(/<!-- -->/g, "");
      expect(text).toContain("₹1,500.00 a share");
      expect(text).toContain("you received ₹12,000.00 for 10 shares: ₹15,000.00 less ₹3,000.00 TDS withheld");
    }
  });

  it("the certificate is its owner's: masked PAN, deductor and TAN, each payment; another investor's quarter is a 404", async () => {
    const own = await get(certificatePath, "asha");
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(own);
    expect(text).toContain("TAN: BLRA00000D");
    expect(text).toContain("PAN Not furnished");
    // Why a crossing payment's TDS is more than its rate times its gross (ADR 0065's threshold rule).
    expect(text).toContain("less tax already deducted");
    expect(text).toContain("Whitefield Rent House");
    expect(text).toContain("15,000.00");
    expect(text).toContain("3,000.00");

    expect((await get(certificatePath, "ravi")).status).toBe(404);
    expect((await get("/dashboard/statements/tds-certificate.pdf?year=2026&quarter=7", "asha")).status).toBe(400);
    const page = await (await get("/dashboard/statements", "asha")).text();
    expect(page).toContain("tds-certificate.pdf?year=");
    expect(await (await get("/dashboard/statements", "ravi")).text()).toContain("No tax has been deducted from your distributions yet.");
  });

  it("the tax pack as PDF and CSV: income at its gross, TDS by section, capital gains, the sections in force", async () => {
    const year = `?year=${period.financialYear}`;
    const csvResponse = await get(`/dashboard/statements/tax-pack.csv${year}`, "asha");
    expect(csvResponse.status).toBe(200);
    const csv = (await csvResponse.text()).replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(TAX_PACK_COLUMNS.join(","));
    expect(csv).toContain(`"Rent distributions from the property SPVs (dividends), gross",,15000.00`);
    const section = period.financialYear >= 2026 ? "393" : "194";
    expect(lines.some((l) => l.startsWith("TDS by section,") && l.includes(`,${section},15000.00,3000.00`))).toBe(true);
    expect(csv).toContain("12.5%");
    expect(csv).toContain("1.25 lakh");

    const pdf = await get(`/dashboard/statements/tax-pack.pdf${year}`, "asha");
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf);
    expect(text).toContain("Income by head");
    expect(text).toContain(period.financialYear >= 2026 ? "Income-tax Act, 2025" : "Income-tax Act, 1961");
  });

  it("the admin's return data has Form 26Q's deductee columns, and only admins get it", async () => {
    const query = `?year=${period.financialYear}&quarter=${period.quarter}`;
    const response = await get(`/admin/tds/return.csv${query}`, "admin");
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(TDS_RETURN_COLUMNS.join(","));
    // The deductee annexure of Form 26Q, column by column, written out here rather than read from the code.
    expect(header!.split(",")).toEqual([
      "Sr. No.",
      "Section code",
      "Deductee code",
      "PAN of deductee",
      "Name of deductee",
      "Date of payment or credit",
      "Amount paid or credited (INR)",
      "TDS (INR)",
      "Surcharge (INR)",
      "Health and education cess (INR)",
      "Total tax deducted (INR)",
      "Total tax deposited (INR)",
      "Date of deduction",
      "Rate of deduction (%)",
      "Reason for non-deduction or higher deduction",
      "BSR code",
      "Challan serial number",
      "Date of deposit",
    ]);
    expect(rows).toHaveLength(1);
    const [
      serial,
      section,
      deductee,
      pan,
      ,
      paidOn,
      gross,
      tds,
      surcharge,
      cess,
      deducted,
      deposited,
      deductedOn,
      rate,
      reason,
      bsr,
      challan,
      depositedOn,
    ] = rows[0]!.split(",");
    const today = istDate(new Date(Date.now()));
    expect([
      serial,
      section,
      deductee,
      pan,
      gross,
      tds,
      surcharge,
      cess,
      deducted,
      deposited,
      rate,
      reason,
      bsr,
      challan,
      depositedOn,
    ]).toEqual([
      "1",
      period.financialYear >= 2026 ? "393" : "194",
      "02",
      "PANNOTAVBL",
      "15000.00",
      "3000.00",
      "0.00",
      "0.00",
      "3000.00",
      "0.00",
      "20.00",
      "C",
      "",
      "",
      "",
    ]);
    expect(deductedOn).toBe(paidOn);
    expect(paidOn).toBe(today);
    expect((await get(`/admin/tds/return.csv${query}`, "asha")).status).toBe(302);
    expect((await get("/admin/tds", "admin")).status).toBe(200);
  });
});

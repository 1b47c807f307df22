import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { extractText, getDocumentProxy } from "unpdf";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { declareDistribution, payDistributionNow } from "../../app/domain/distributions/distributions.server";
import { createUser } from "../setup/factories";
import { expect, test } from "./support/fixtures";

/**
 * TDS end to end (ADR 0065): the spec arranges its own property, holder and admin; a ₹20,000
 * distribution to a holder with no verified PAN withholds 20%. The admin sees gross, TDS and net;
 * the holder downloads the quarter's certificate from the Statements page.
 */

let prisma: PrismaClient;

function e2eDatabaseUrl(): string {
  const pid = readFileSync(path.join(path.resolve(E2E_DATA_DIR), "pg", "postmaster.pid"), "utf8").split("\n");
  return `postgresql://postgres:aangan-local@127.0.0.1:${Number(pid[3])}/aangan`;
}

test.beforeAll(async () => {
  prisma = createPrismaClient(e2eDatabaseUrl());
});

test.afterAll(async () => {
  await prisma?.$disconnect();
});

const istDate = (moment: Date) => new Date(moment.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

test("an investor downloads the TDS certificate of a distribution paid net of TDS @mobile", async ({ browser, page, signInAs }) => {
  test.setTimeout(90_000);
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  await prisma.property.update({
    where: { id: property.id },
    data: { propertyStatus: "funded", availableShares: 0, title: "Withholding Towers" },
  });
  await prisma.transaction.updateMany({
    where: { userId: seller.id, propertyId: property.id },
    data: { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) },
  });
  const admin = await createUser(prisma, { isAdmin: true, fullName: "TDS Admin" });
  const { distributionId } = await declareDistribution(prisma, {
    adminId: admin.id,
    propertyId: property.id,
    basis: "total",
    amount: "20000",
    recordDate: istDate(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)),
    paymentDate: istDate(new Date(Date.now() - 24 * 60 * 60 * 1000)),
    note: "",
  });

  await signInAs(admin.email as `${string}@${string}`, { redirectTo: `/admin/properties/${property.id}/distributions` });
  const preview = page.getByTestId("distribution-tds");
  await expect(preview).toContainText("preview — gross ₹20,000.00, TDS ₹4,000.00, net ₹16,000.00");
  await expect(preview).toContainText("Not furnished");
  await payDistributionNow(prisma, { adminId: admin.id, distributionId });
  await page.reload();
  await expect(page.getByTestId("distribution-tds")).toContainText("paid — gross ₹20,000.00, TDS ₹4,000.00, net ₹16,000.00");

  const context = await browser.newContext();
  const holder = await context.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: holder, redirectTo: "/dashboard/statements" });
  await expect(holder.getByRole("heading", { name: "TDS certificates" })).toBeVisible();
  expect((await new AxeBuilder({ page: holder }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const link = holder.getByRole("link", { name: "Certificate (PDF)" }).first();
  const [download] = await Promise.all([holder.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^aangan-tds-certificate-fy-\d{4}-q[1-4]\.pdf$/);
  const file = readFileSync(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(file)), { mergePages: true });
  expect(text).toContain("Withholding Towers");
  expect(text).toContain("20,000.00");
  expect(text).toContain("4,000.00");
  expect(text).toContain("PAN Not furnished");
  await context.close();
});

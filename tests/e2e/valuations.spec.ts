import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createUser } from "../setup/factories";
import { expect, test } from "./support/fixtures";

/**
 * Valuations end to end (ADR 0069): an admin records a valuation with its PDF report, and the
 * holder's open position page (on a phone-sized screen) shows the new NAV without a reload, the
 * event stream telling it the property's value changed. The spec arranges its own property (in
 * a city no demo property is in) and admin, so the demo catalogue stays as seeded.
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

const istToday = () => new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("an admin records a valuation; the holder's open position page shows the new NAV", async ({ browser, page, signInAs }) => {
  test.setTimeout(60_000);
  // 1,000 shares issued at ₹100 (₹1,00,000); the holder bought 20.
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  await prisma.property.update({ where: { id: property.id }, data: { title: "Valuation Lane Lofts", totalValue: "100000" } });
  const admin = await createUser(prisma, { isAdmin: true, fullName: "Valuation Admin" });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const holder = await phone.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: holder, redirectTo: `/dashboard/p/${property.id}` });
  await expect(holder.getByTestId("nav-headline")).toHaveText(/No valuation recorded yet/);
  await expect(holder.getByText("Current share price")).toBeVisible();

  await signInAs(admin.email as `${string}@${string}`, { redirectTo: `/admin/properties/${property.id}/valuations` });
  await expect(page.getByRole("heading", { level: 1, name: "Valuations: Valuation Lane Lofts" })).toBeVisible();
  await page.getByLabel("Valuer").fill("Riverside Valuers LLP");
  await page.getByLabel("Valuation date").fill(istToday());
  await page.getByLabel("Value (₹)").fill("1,06,000");
  await page.getByLabel("Valuation report (PDF)").setInputFiles({ name: "valuation.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Record valuation" }).click();
  const row = page.getByTestId("valuation-row").filter({ hasText: "Riverside Valuers LLP" });
  await expect(row).toContainText("Recorded");
  await expect(row).toContainText("₹106.00");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // No reload: the page heard the property's event and revalidated.
  await expect(holder.getByTestId("nav-headline")).toHaveText(/NAV per share ₹106\.00/, { timeout: 15_000 });
  await expect(holder.getByText("Current share price")).toBeVisible();
  await expect(holder.getByTestId("property-value")).toContainText("Riverside Valuers LLP");
  const chart = holder.getByTestId("nav-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.getByRole("img")).toBeVisible();
  await holder.getByTestId("property-value").screenshot({ path: test.info().outputPath("nav-position-390.png") });
  await phone.close();
});

import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { extractText, getDocumentProxy } from "unpdf";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createUser } from "../setup/factories";
import { expect, test } from "./support/fixtures";

/**
 * Rent distributions end to end: the spec arranges its own property (in a city no demo
 * property is in) whose one investor bought 20 shares three days ago, and its own admin, so
 * the demo catalogue other specs read stays untouched.
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

test("an admin declares and pays a distribution; the holder sees the dividend in transactions and on the statement", async ({
  browser,
  page,
  signInAs,
}) => {
  // Two signed-in browsers, two PDFs and a zip: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  await prisma.property.update({
    where: { id: property.id },
    data: { propertyStatus: "funded", availableShares: 0, title: "Record Date Court" },
  });
  await prisma.transaction.updateMany({
    where: { userId: seller.id, propertyId: property.id },
    data: { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) },
  });
  const admin = await createUser(prisma, { isAdmin: true, fullName: "Distribution Admin" });
  const today = istDate(new Date());
  const yesterday = istDate(new Date(Date.now() - 24 * 60 * 60 * 1000));

  await signInAs(admin.email as `${string}@${string}`, { redirectTo: `/admin/properties/${property.id}/distributions` });
  await expect(page.getByRole("heading", { level: 1, name: "Distributions: Record Date Court" })).toBeVisible();
  await expect(page.getByText("1 investor holds shares; the largest holding is 2.00% of 1000 shares.")).toBeVisible();
  await page.getByLabel("Amount (₹)").fill("500.05");
  await page.getByLabel("Record date").fill(yesterday);
  await page.getByLabel("Payment date").fill(today);
  await page.getByLabel("Note").fill("Rent for the e2e month");
  await page.getByRole("button", { name: "Declare distribution" }).click();
  const row = page.getByRole("row").filter({ hasText: yesterday });
  await expect(row).toContainText("Declared");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await row.getByRole("button", { name: "Pay now" }).click();
  await expect(row).toContainText("Paid");
  // ₹500.05 over 20 shares: ₹25.00 a share, ₹500.00 paid and 5 paise recorded.
  await expect(row).toContainText("₹500.00 to 1");
  await expect(row).toContainText("₹0.05");

  const context = await browser.newContext();
  const holder = await context.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: holder, redirectTo: "/dashboard/transactions?type=dividend" });
  const dividend = holder.getByRole("link", { name: /Dividend from Record Date Court/ });
  await expect(dividend).toBeVisible();
  await expect(dividend).toContainText("+₹500");

  await holder.goto(`/dashboard/p/${property.id}`);
  await expect(holder.getByText(/you received ₹500\.00 for 20 shares/)).toBeVisible();

  await holder.goto(`/invest/${property.id}`);
  const market = holder.getByRole("region", { name: "Market data" });
  await expect(market.getByText("Issue price")).toBeVisible();
  await expect(market.getByText("No resale trades yet: the price history appears after the first settled trade.")).toBeVisible();
  await expect(holder.getByRole("list", { name: "Past distributions" })).toContainText("₹25.00 a share");

  await holder.goto("/dashboard/statements");
  await expect(holder.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
  await expect(holder.getByText("Record Date Court: ₹500.00 for 20 shares")).toBeVisible();
  expect((await new AxeBuilder({ page: holder }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const pdf = await holder.request.get(
    await holder
      .getByRole("link", { name: "Account statement (PDF)" })
      .getAttribute("href")
      .then((href) => href ?? ""),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain("Rent distribution for Record Date Court");
  expect(text).toContain("500.00");

  const zip = await holder.request.get("/dashboard/data-export.zip");
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["cache-control"]).toBe("no-store");
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the statements page chooses its financial year with a plain GET form", async ({ page, signInAs }) => {
    const investor = await createUser(prisma, { tier: "small_investor", subscriptionActive: true, kycStatus: "approved" });
    await signInAs(investor.email as `${string}@${string}`, { redirectTo: "/dashboard/statements" });
    await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
    const year = await page.getByLabel("Financial year").inputValue();
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/statements\\?year=${year}$`));
    await expect(page.getByText("No shares sold in this year.")).toBeVisible();
  });
});

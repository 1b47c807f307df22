import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createUser } from "../setup/factories";
import { expect, test } from "./support/fixtures";

/**
 * The updates feed end to end (ADR 0070): an admin publishes an update with a status label; the
 * holder's open position page shows it without a reload (the holder's alert revalidates the
 * page), and the dashboard's feed lists it. The spec arranges its own property and admin.
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

test("an admin publishes an update with a label; the holder's open position page shows it live and the feed lists it", async ({
  browser,
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const { property, seller } = await createMarket(prisma, { sellerShares: 10 });
  await prisma.property.update({ where: { id: property.id }, data: { title: "Update Lane Offices" } });
  const admin = await createUser(prisma, { isAdmin: true, fullName: "Updates Admin" });

  const context = await browser.newContext();
  const holder = await context.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: holder, redirectTo: `/dashboard/p/${property.id}` });
  const updates = holder.getByRole("region", { name: "Updates", exact: true });
  await expect(updates).toContainText("No updates have been published for this property yet.");

  await signInAs(admin.email as `${string}@${string}`, { redirectTo: `/admin/properties/${property.id}/updates` });
  await expect(page.getByRole("heading", { level: 1, name: "Updates: Update Lane Offices" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Anchor tenant renewal under review");
  await page.getByLabel("Text", { exact: true }).fill("The anchor tenant asked to renegotiate. Rent is still paid on time.");
  await page.getByLabel("Status label").selectOption("watch");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole("button", { name: "Publish update" }).click();
  await expect(page.getByText("1 holder alerted and e-mailed.")).toBeVisible();

  // No reload: the holder's alert reaches the open page, which revalidates.
  await expect(updates.getByRole("heading", { name: "Anchor tenant renewal under review" })).toBeVisible({ timeout: 15_000 });
  await expect(updates.getByTestId("status-label").first()).toHaveText("Watch");

  await holder.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Updates", exact: true }).click();
  await expect(holder.getByRole("heading", { level: 1, name: "Updates" })).toBeVisible();
  const entry = holder.getByTestId("property-update").filter({ hasText: "Anchor tenant renewal under review" });
  await expect(entry).toContainText("Update Lane Offices");
  await expect(entry.getByTestId("status-label")).toHaveText("Watch");
  await context.close();
});

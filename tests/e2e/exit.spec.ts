import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { createProperty, createUser, newIdempotencyKey } from "../setup/factories";
import { expect, test } from "./support/fixtures";

/**
 * The exit (ADR 0071) end to end: one admin proposes the sale of a property the spec arranges
 * (its one investor holds 20 of 1,000 shares), a second admin agrees it, the first asks to
 * complete it and the second approves the pay-out; the investor sees the pay-out in the
 * wallet, the closed position with its gain, and the property marked Sold.
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

test("an admin proposes a sale, a second admin agrees and pays it out, and the investor sees the pay-out and the gain", async ({
  browser,
  page,
  signInAs,
}) => {
  // Three signed-in browsers and four approvals: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const title = `Kingfisher Exit Court ${randomBytes(3).toString("hex")}`;
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: "funded", availableShares: 0, title } });
  // The investor also holds shares elsewhere, so the sale leaves them an investor (the tier rule
  // makes someone with no holdings left a waitlist player, with the waitlist dashboard).
  const elsewhere = await createProperty(prisma, { title: "Egret Row", city: "Nashik", sharePrice: "100", minimumInvestment: "100" });
  await purchaseShares(prisma, { userId: seller.id, propertyId: elsewhere.id, shares: 2, idempotencyKey: newIdempotencyKey() });
  const proposer = await createUser(prisma, { isAdmin: true, kycStatus: "approved", fullName: "Proposing Admin" });
  const approver = await createUser(prisma, { isAdmin: true, kycStatus: "approved", fullName: "Approving Admin" });

  await signInAs(proposer.email as `${string}@${string}`, { redirectTo: `/admin/properties/${property.id}/exit` });
  await expect(page.getByRole("heading", { level: 1, name: `Sale: ${title}` })).toBeVisible();
  await page.getByLabel("Buyer").fill("Heronbay Estates LLP");
  await page.getByLabel("Sale price (₹)").fill("2,50,000");
  await page.getByLabel("Costs of the sale (₹)").fill("10000");
  await page.getByLabel("Expected completion date").fill("2027-03-31");
  await page.getByRole("button", { name: "Propose the sale" }).click();
  await expect(page.getByTestId("exit-status")).toContainText("Proposed");

  const second = await (await browser.newContext({ ...test.info().project.use })).newPage();
  await signInAs(approver.email as `${string}@${string}`, { page: second, redirectTo: "/admin/approvals" });
  const approve = async (text: string) => {
    await second.goto("/admin/approvals");
    const request = second.locator("li, article, tr").filter({ hasText: text }).first();
    await request.getByRole("button", { name: "Approve" }).click();
    await expect(second.getByText(/was carried out/)).toBeVisible();
  };
  await approve(`Sale of ${title} to Heronbay Estates LLP`);

  // Agreed: the holder sees the expected pay-out, (₹2,50,000 − ₹10,000) ÷ 1,000 shares = ₹240 a share.
  const holderContext = await browser.newContext({ ...test.info().project.use });
  const holder = await holderContext.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: holder, redirectTo: `/dashboard/p/${property.id}` });
  await expect(holder.getByTestId("exit-notice")).toContainText("Sale agreed");
  await expect(holder.getByTestId("exit-own-payout")).toContainText("Your expected pay-out: ₹4,800.00 for 20 shares at ₹240.00 a share");

  await page.reload();
  await expect(page.getByTestId("exit-status")).toContainText("Agreed: trading has stopped");
  await page.getByRole("button", { name: "Complete the sale and pay out" }).click();
  await expect(page.getByTestId("exit-status")).toContainText("Awaiting a second admin's approval");
  await approve(`Completion of the sale of ${title}`);

  await page.reload();
  await expect(page.getByTestId("exit-status")).toContainText("Sold");
  // 20 of the 1,000 shares were held: ₹4,800 paid, the rest kept as the remainder.
  await expect(page.getByText("Paid ₹4,800.00 to 1 holders; remainder ₹2,35,200.00")).toBeVisible();

  await holder.goto("/dashboard/transactions?type=exit_payout");
  const payout = holder.getByRole("link", { name: new RegExp(`Sale of ${title}: 20 shares paid out`) });
  await expect(payout).toBeVisible();
  await expect(payout).toContainText("+₹4,800");

  await holder.goto(`/dashboard/p/${property.id}`);
  await expect(holder.getByTestId("exit-notice")).toContainText("Sold");
  await expect(holder.getByTestId("exit-own-payout")).toContainText("You received ₹4,800.00 for 20 shares");
  const figure = (label: string) =>
    holder
      .locator("dl > div")
      .filter({ has: holder.locator("dt", { hasText: label }) })
      .locator("dd");
  await expect(figure("Shares owned")).toHaveText("0");
  // Bought 20 at ₹100 with the 2% platform fee (₹2,040), paid out ₹4,800.
  await expect(figure("Realised gains")).toContainText("2,760");

  // The sold property on a phone, for the note.
  const phone = await browser.newContext({ ...test.info().project.use, viewport: { width: 390, height: 844 }, isMobile: true });
  const phonePage = await phone.newPage();
  await signInAs(seller.email as `${string}@${string}`, { page: phonePage, redirectTo: `/invest/${property.id}` });
  await expect(phonePage.getByTestId("exit-notice")).toContainText("Sold");
  const shots = process.env.EXIT_SHOTS_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await phonePage.getByTestId("exit-notice").scrollIntoViewIfNeeded();
    await phonePage.screenshot({ path: path.join(shots, "exit-sold-property-phone.png"), fullPage: false });
    await phonePage.screenshot({ path: path.join(shots, "exit-sold-property-phone-full.png"), fullPage: true });
  }
});

import { randomBytes } from "node:crypto";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { runPlanPeriod } from "../../app/domain/plans/run-plans.server";
import { createProperty } from "../setup/factories";
import { e2eDatabaseUrl, withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

/**
 * Monthly plans (ADR 0072) on a phone without JavaScript: an investor creates a plan, pauses
 * and resumes it, and sees the run the schedule's own function made in the plan's history.
 */

let prisma: PrismaClient;
test.beforeAll(() => {
  prisma = createPrismaClient(e2eDatabaseUrl());
});
test.afterAll(async () => {
  await prisma?.$disconnect();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an investor creates, pauses and resumes a monthly plan and sees its run @mobile", async ({ page, signInAs }) => {
    const id = randomBytes(4).toString("hex");
    const title = `Plan Court ${id}`;
    const property = await createProperty(prisma, { title, city: "Shillong", sharePrice: "1000", minimumInvestment: "1000" });
    const { userId } = await signInAs(`planner-${id}@example.in`, { redirectTo: "/dashboard/plans" });
    await withE2eDatabase(async (client) => {
      await client.query(
        "UPDATE user_profiles SET kyc_status = 'approved', subscription_active = true, tier = 'small_investor' WHERE user_id = $1",
        [userId],
      );
      await client.query(
        `SELECT ledger_write_single_journal('deposit', 'Funds for the plans test', $1, NULL,
           ARRAY['user:' || $2 || ':available', 'platform:cash'], ARRAY['user_available', 'platform_cash']::ledger_account_kind[],
           ARRAY[$2::uuid, NULL], ARRAY[NULL, NULL]::text[], ARRAY[$3::numeric, -$3::numeric])`,
        [`e2e-plans-${userId}`, userId, "10000"],
      );
    });
    // Due today (Indian date), so the run below is this month's.
    const todayDay = new Date(Date.now() + 5.5 * 60 * 60 * 1000).getUTCDate();

    await page.goto("/dashboard/plans");
    await expect(page.getByRole("heading", { level: 1, name: "Monthly plans" })).toBeVisible();
    await page.getByLabel("Amount each month (₹)").fill("2,500");
    await page.getByLabel("Day of the month (1-31)").fill(String(todayDay));
    await page.getByLabel("One property").check();
    await page.getByLabel("Property", { exact: true }).selectOption(property.id);
    await page.getByRole("button", { name: "Create plan" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /Monthly plan: ₹2,500 on the/ })).toBeVisible();
    await expect(page.getByTestId("plan-status")).toHaveText("Active");
    await page.getByRole("button", { name: "Pause plan" }).click();
    await expect(page.getByTestId("plan-status")).toHaveText("Paused");
    await page.getByRole("button", { name: "Resume plan" }).click();
    await expect(page.getByTestId("plan-status")).toHaveText("Active");
    await expect(page.getByText("No run yet.")).toBeVisible();

    // The schedule's work for this plan, as the job calls it.
    const planId = new URL(page.url()).pathname.split("/").pop()!;
    const outcome = await runPlanPeriod(prisma, planId, new Date());
    expect(outcome?.status).toBe("completed");
    await page.reload();
    const history = page.getByTestId("plan-runs");
    await expect(history).toContainText("Invested, ₹2,040.00 of ₹2,500");
    await expect(history.getByRole("link", { name: "2 shares for ₹2,040.00" })).toBeVisible();
  });
  test("an investor pays a plan by UPI AutoPay: approves the mandate at the provider, and the debited month is invested", async ({
    page,
    signInAs,
  }) => {
    const id = randomBytes(4).toString("hex");
    const property = await createProperty(prisma, {
      title: `AutoPay Court ${id}`,
      city: "Nashik",
      sharePrice: "1000",
      minimumInvestment: "1000",
    });
    const { userId } = await signInAs(`autopay-${id}@example.in`, { redirectTo: "/dashboard/plans" });
    await withE2eDatabase(async (client) => {
      await client.query(
        "UPDATE user_profiles SET kyc_status = 'approved', subscription_active = true, tier = 'small_investor' WHERE user_id = $1",
        [userId],
      );
    });
    const todayDay = new Date(Date.now() + 5.5 * 60 * 60 * 1000).getUTCDate();

    await page.goto("/dashboard/plans");
    await expect(page.getByTestId("autopay-offer")).toContainText("UPI AutoPay from your bank account");
    await page.getByLabel("Amount each month (₹)").fill("3,000");
    await page.getByLabel("Day of the month (1-31)").fill(String(todayDay));
    await page.getByLabel("One property").check();
    await page.getByLabel("Property", { exact: true }).selectOption(property.id);
    await page.getByRole("button", { name: "Create plan" }).click();
    await expect(page.getByTestId("plan-paid-by")).toHaveText("From your wallet.");

    await page.getByRole("button", { name: "Pay by UPI AutoPay instead" }).click();
    await page.getByRole("button", { name: "Approve UPI AutoPay (stand-in)" }).click();
    // The provider's page (the app's stand-in): approve the mandate, then return to Aangan.
    await expect(page.getByRole("heading", { name: "Approve UPI AutoPay" })).toBeVisible();
    await page.getByRole("button", { name: "Approve mandate" }).click();
    await page.getByRole("button", { name: "Return to Aangan" }).click();
    await expect(page.getByTestId("plan-paid-by")).toContainText("By UPI AutoPay from your bank account, up to ₹3,000.00 a month");

    // The schedule's work, as the job calls it: the mandate is debited; the app credits and invests on the webhook.
    const planId = new URL(page.url()).pathname.split("/").pop()!;
    const outcome = await runPlanPeriod(prisma, planId, new Date());
    expect(outcome?.status).toBe("awaiting_debit");
    await expect(async () => {
      await page.reload();
      // ₹3,000 debited, ₹2,990 credited after the deposit fee: 2 shares for ₹2,040.
      await expect(page.getByTestId("plan-runs")).toContainText("Invested, ₹2,040.00 of ₹3,000", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await page.getByRole("button", { name: "Cancel UPI AutoPay" }).click();
    await expect(page.getByTestId("plan-paid-by")).toHaveText("From your wallet.");
  });
});

import { expect, test } from "./support/fixtures";

test("the waitlist dashboard: overview, learn, and a support request that lists itself @mobile", async ({ page, signInAs }) => {
  await signInAs("waitlist", { redirectTo: "/waitlist-dashboard" });
  await expect(page).toHaveURL(/\/waitlist-dashboard\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Wallet balance" })).toBeVisible();
  await expect(page.getByText("KYC Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Investment" })).toHaveAttribute("href", "/properties");
  for (const feature of ["Board Meetings", "Project Tables", "AI Assistant", "Human Manager"]) {
    await expect(page.getByRole("heading", { name: feature })).toBeVisible();
  }
  const nav = page.getByRole("navigation", { name: "Waitlist dashboard" });
  for (const item of ["Overview", "Watchlist", "Wallet", "Learn", "Support"])
    await expect(nav.getByRole("link", { name: item })).toBeVisible();

  await nav.getByRole("link", { name: "Learn" }).click();
  await expect(page.getByRole("heading", { name: "How fractional ownership works on Aangan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The risks" })).toBeVisible();

  await nav.getByRole("link", { name: "Support" }).click();
  const subject = `Question ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("How can we help?").fill("How long does KYC review usually take?");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request Submitted Successfully")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toContainText("Open");

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the overview's fund-request buttons open a request on the waitlist wallet", async ({ page, signInAs }) => {
  await signInAs("waitlist", { redirectTo: "/waitlist-dashboard/overview" });
  const wallet = page.getByRole("region", { name: "Wallet balance" });
  await expect(wallet.getByRole("button", { name: "Withdraw" })).toBeEnabled();
  await wallet.getByRole("button", { name: "Add Funds" }).click();
  await expect(page).toHaveURL(/\/waitlist-dashboard\/wallet\?request=add-funds$/);
  await expect(page.getByRole("dialog", { name: "Add Funds" }).getByLabel("Amount (₹)")).toBeVisible();
});

test("an investor who is not a waitlist player is sent to the main dashboard", async ({ page, signInAs }) => {
  await signInAs("large", { redirectTo: "/waitlist-dashboard/overview" });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

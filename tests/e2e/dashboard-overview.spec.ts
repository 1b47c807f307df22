import { expect, test } from "./support/fixtures";

test("the large investor's overview shows the chart and non-zero tiles @mobile", async ({ page, signInAs }) => {
  await signInAs("large", { redirectTo: "/dashboard/overview" });
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const tiles = page.locator("dl").first();
  await expect(tiles.getByText("Total Investment Value")).toBeVisible();
  await expect(tiles.getByText("Active Properties")).toBeVisible();
  const active = tiles.locator("div", { hasText: "Active Properties" }).locator("dd").first();
  await expect(active).not.toHaveText("0");
  const invested = tiles.locator("div", { hasText: "Total Investment Value" }).locator("dd").first();
  await expect(invested).not.toHaveText("₹0");
  await expect(page.getByRole("img", { name: /Invested over the last 12 months/ })).toBeVisible();
  await expect(page.getByText("No investments yet")).toHaveCount(0);
  // Nothing runs off the side of a phone screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the overview renders on the server, chart included", async ({ page, signInAs }) => {
    await signInAs("large", { redirectTo: "/dashboard/overview" });
    await expect(page.getByRole("heading", { name: "Last 12 Months" })).toBeVisible();
    await expect(page.locator("svg path").first()).toBeAttached();
    await expect(page.getByText("Your annualised return")).toBeVisible();
  });
});

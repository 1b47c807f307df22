import { randomBytes } from "node:crypto";
import { withE2eDatabase } from "./support/e2e-database";
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

test("a reload is served from the kept page and still comes alive; a new alert shows on the next one (ADR 0045)", async ({
  page,
  signInAs,
}) => {
  const email = `kept-${randomBytes(4).toString("hex")}@example.in` as const;
  const { userId } = await signInAs(email);
  await withE2eDatabase((client) =>
    client.query(
      "UPDATE user_profiles SET tier = 'small_investor', subscription_active = true, kyc_status = 'approved' WHERE user_id = $1",
      [userId],
    ),
  );
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const first = await page.goto("/dashboard/overview");
  expect(first?.headers()["x-page-cache"]).toBe("miss");
  const again = await page.reload();
  expect(again?.headers()["x-page-cache"]).toBe("hit");
  // The kept page hydrates with this answer's nonce: the bell becomes a button whose panel opens.
  await page.getByRole("button", { name: "Notifications, none unread" }).click();
  await expect(page.getByRole("region", { name: "Latest notifications" }).getByText("No notifications yet.")).toBeVisible();
  await withE2eDatabase((client) =>
    client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'system', 'Your rent is on its way', 'm')", [
      userId,
    ]),
  );
  const after = await page.reload();
  expect(after?.headers()["x-page-cache"]).toBe("miss");
  await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await expect(page.getByRole("region", { name: "Latest notifications" }).getByText("Your rent is on its way")).toBeVisible();
  expect(errors).toEqual([]);
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

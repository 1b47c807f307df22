import { randomBytes } from "node:crypto";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";
import type { Locator, Page } from "@playwright/test";

/**
 * Opens `url` with every script of the page held back, types `text` into the control the
 * server drew, then lets the scripts run and waits for React to take over: the control must
 * still hold what was typed.
 */
async function typeBeforeScripts(page: Page, url: string, control: (page: Page) => Locator, text: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await control(page).fill(text);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(control(page)).toHaveValue(text);
}

/**
 * A phone on a slow network shows the server's forms before their scripts have run. What is
 * typed in that moment must still be the form's value once React takes over, and the figures
 * beside it must describe it (the race behind a flaky pay-online run).
 */
test("an amount typed before the page's scripts run is kept and priced once they do @mobile", async ({ page, signInAs }) => {
  const { userId } = await signInAs(`upi-early-${randomBytes(4).toString("hex")}@example.in`);
  await withE2eDatabase((client) =>
    client.query(
      "UPDATE user_profiles SET kyc_status = 'approved', subscription_active = true, tier = 'waitlist_player' WHERE user_id = $1",
      [userId],
    ),
  );
  const dialog = page.getByRole("dialog", { name: "Pay by UPI or Net Banking" });
  await typeBeforeScripts(page, "/waitlist-dashboard/wallet?request=pay-online", () => dialog.getByLabel("Amount to pay (₹)"), "5000");
  await expect(dialog.getByTestId("pay-online-net")).toHaveText("₹4,990.00 will be added to your wallet.");
  await expect(dialog.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
});

test("a share count typed before the invest page's scripts run is the one the totals describe @mobile", async ({ page, signInAs }) => {
  await signInAs("small@demo.aangan.in");
  await typeBeforeScripts(page, "/invest/dummy-1", (page) => page.getByLabel("Number of shares"), "12");
  await expect(page.getByTestId("subtotal")).toHaveText("₹1,20,000");
  await expect(page.getByTestId("total")).toHaveText("₹1,22,400");
});

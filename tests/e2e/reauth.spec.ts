import { randomBytes } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { withE2eDatabase } from "./support/e2e-database";

// Issue 16 / ADR 0030: a withdrawal asked for 20 minutes after sign-in sends the investor to
// Google (here the stand-in) to confirm it is them, and brings them back to the filled-in form.
// The investor is made for this test and removed after it; the demo personas are not touched.
test("a withdrawal after an old sign-in goes through Google again and comes back to the form as typed", async ({ page, signInAs }) => {
  const email = `reauth-${randomBytes(4).toString("hex")}@e2e.example.in`;
  const { userId } = await signInAs(email);
  try {
    await withE2eDatabase(async (client) => {
      await client.query(
        "UPDATE user_profiles SET tier = 'waitlist_player', subscription_active = true, kyc_status = 'approved' WHERE user_id = $1",
        [userId],
      );
      await client.query("UPDATE sessions SET created_at = now() - interval '20 minutes' WHERE user_id = $1", [userId]);
    });
    await page.goto("/waitlist-dashboard/wallet?request=withdraw");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
    await dialog.getByLabel("Amount (₹)").fill("2500");
    await dialog.getByLabel("Description (optional)").fill("Rent for December");
    await dialog.getByRole("button", { name: "Submit Request" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/oauth-stand-in/authorize" && url.searchParams.get("prompt") === "login");
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/waitlist-dashboard/wallet" && url.searchParams.get("request") === "withdraw");
    await expect(page.getByText("Signed in again")).toBeVisible();
    const back = page.getByRole("dialog", { name: "Withdraw Funds" });
    await expect(back.getByLabel("Amount (₹)")).toHaveValue("2500");
    await expect(back.getByLabel("Description (optional)")).toHaveValue("Rent for December");
  } finally {
    await withE2eDatabase((client) => client.query("DELETE FROM user_profiles WHERE user_id = $1", [userId]).catch(() => undefined));
  }
});

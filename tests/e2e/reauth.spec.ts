import { randomBytes } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { withE2eDatabase } from "./support/e2e-database";

// ADR 0030: new bank details entered 20 minutes after sign-in send the investor to
// Google (here the stand-in) to confirm it is them, and bring them back to the filled-in form
// (all but the account numbers, which the form never echoes). The same round trip guards a
// withdrawal request (tests/integration/sessions-and-reauth.test.ts). The person is made for
// this test and removed after it; the demo personas are not touched.
test("new bank details after an old sign-in go through Google again and come back to the form as typed", async ({ page, signInAs }) => {
  const email: `${string}@${string}` = `reauth-${randomBytes(4).toString("hex")}@e2e.example.in`;
  const { userId } = await signInAs(email);
  try {
    await withE2eDatabase(async (client) => {
      await client.query("INSERT INTO kyc_drafts (user_id, current_step, data) VALUES ($1, 3, '{}')", [userId]);
      await client.query("UPDATE sessions SET created_at = now() - interval '20 minutes' WHERE user_id = $1", [userId]);
    });
    await page.goto("/kyc");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Bank Details" })).toBeVisible();
    await page.getByLabel("Account number", { exact: true }).fill("50100234567812");
    await page.getByLabel("Confirm account number").fill("50100234567812");
    await page.getByLabel("IFSC code").fill("HDFC0001234");
    await page.getByLabel("Bank name").fill("Reauth Cooperative Bank");
    await page.getByLabel("Account type").selectOption("current");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/oauth-stand-in/authorize" && url.searchParams.get("prompt") === "login");
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/kyc");
    await expect(page.getByText("Signed in again")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Bank Details" })).toBeVisible();
    await expect(page.getByLabel("IFSC code")).toHaveValue("HDFC0001234");
    await expect(page.getByLabel("Bank name")).toHaveValue("Reauth Cooperative Bank");
    await expect(page.getByLabel("Account type")).toHaveValue("current");
    await expect(page.getByLabel("Account number", { exact: true })).toHaveValue("");

    // Signed in just now: the same details now save without another round trip.
    await page.getByLabel("Account number", { exact: true }).fill("50100234567812");
    await page.getByLabel("Confirm account number").fill("50100234567812");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Photo Verification" })).toBeVisible();
  } finally {
    await withE2eDatabase((client) => client.query("DELETE FROM user_profiles WHERE user_id = $1", [userId]).catch(() => undefined));
  }
});

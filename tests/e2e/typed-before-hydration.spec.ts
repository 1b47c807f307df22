import { randomBytes } from "node:crypto";
import { approveForWallet, withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";
import { holdScripts } from "./support/hold-scripts";
import type { Locator, Page } from "@playwright/test";

/**
 * Opens `url` with every script of the page held back, types `text` into the control the
 * server drew, then lets the scripts run and waits for React to take over: the control must
 * still hold what was typed.
 */
async function typeBeforeScripts(page: Page, url: string, control: (page: Page) => Locator, text: string) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await control(page).fill(text);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(control(page)).toHaveValue(text);
  // Still where the reader is typing: a dialog opening must not take the focus to its top.
  await expect(control(page)).toBeFocused();
}

/**
 * A phone on a slow network shows the server's forms before their scripts have run. What is
 * typed in that moment must still be the form's value once React takes over, and the figures
 * beside it must describe it (the race behind a flaky pay-online run).
 */
test("an amount typed before the page's scripts run is kept and priced once they do @mobile", async ({ page, signInAs }) => {
  const { userId } = await signInAs(`upi-early-${randomBytes(4).toString("hex")}@example.in`);
  await approveForWallet(userId);
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

test("notes typed before the watchlist dialog's scripts run are counted once they do @mobile", async ({ page, signInAs }) => {
  const { userId } = await signInAs(`notes-early-${randomBytes(4).toString("hex")}@example.in`);
  await withE2eDatabase((client) =>
    client.query("UPDATE user_profiles SET tier = 'small_investor', subscription_active = true WHERE user_id = $1", [userId]),
  );
  await page.goto("/properties");
  const save = page.getByRole("link", { name: /^Save .+ to your watchlist$/ }).first();
  const dialog = page.getByRole("dialog", { name: "Save to watchlist" });
  await typeBeforeScripts(
    page,
    (await save.getAttribute("href"))!,
    () => dialog.getByLabel("Notes (optional)"),
    "Close to the new metro line",
  );
  await expect(dialog.getByText("27/500 characters")).toBeVisible();
});

test("a filter chosen before the catalogue's scripts run is applied once they do", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/properties", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Property type").selectOption("commercial");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  // With scripts there is no Apply button to press: the choice applies itself.
  await expect(page).toHaveURL((url) => url.search === "?type=commercial");
  await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(0);
  await expect(page.getByLabel("Property type")).toHaveValue("commercial");
  // The address can change a moment before the filtered list replaces the old one.
  const places = () => page.getByRole("list", { name: "Property results" }).getByRole("article").locator("p").filter({ hasText: "·" });
  await expect
    .poll(async () => {
      const texts = await places().allInnerTexts();
      return texts.length > 0 && texts.every((text) => /· (Commercial|Office|Retail)$/.test(text));
    })
    .toBe(true);
});

/**
 * An admin who opened a KYC review from its address has the dialog before its scripts run, and
 * may scroll to its buttons and start typing a reason. React taking over must leave both alone:
 * focusing the dialog's heading scrolled "Reject KYC" away under a press in flight, and the
 * press was lost (a flaky KYC run).
 */
test("a KYC review scrolled to its buttons keeps its place and its typing once its scripts run @mobile", async ({ page, signInAs }) => {
  await signInAs("admin", { redirectTo: "/admin/kyc?q=kyc-pending" });
  const review = await page.getByRole("link", { name: "Review Documents" }).getAttribute("href");
  const release = await holdScripts(page);
  await page.goto(review!, { waitUntil: "domcontentloaded" });
  const dialog = page.getByRole("dialog");
  const reason = dialog.getByLabel("Reason for rejection (required to reject)");
  const reject = dialog.getByRole("button", { name: "Reject KYC" });
  await reason.fill("The address proof is blurred");
  await reject.scrollIntoViewIfNeeded();
  const before = await reject.boundingBox();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(reason).toBeFocused();
  await expect(reason).toHaveValue("The address proof is blurred");
  expect(await reject.boundingBox()).toEqual(before);
});

test("a ticket status chosen before the support desk's scripts run is the one the form goes on with", async ({ page, signInAs }) => {
  await signInAs("admin");
  const release = await holdScripts(page);
  await page.goto("/admin/support?status=open", { waitUntil: "domcontentloaded" });
  // Unhydrated, the link is a full page load; the scripts stay held for the ticket's page too.
  await page.getByTestId("ticket-list").getByRole("link").first().click();
  const ticket = page.getByRole("article");
  await ticket.getByLabel("Status").selectOption("in_progress");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(ticket.getByLabel("Status")).toHaveValue("in_progress");
  await expect(ticket.getByRole("button", { name: "Update Ticket" })).toBeEnabled();
});

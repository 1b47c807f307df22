import { randomBytes } from "node:crypto";
import { approveForWallet, withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";
import { fillBank, fillDocuments, fillPersonal } from "./support/kyc-steps";
import { payByUpi } from "./support/pay-by-upi";

/**
 * A withdrawal paid out to a verified bank account (ADR 0064), on a phone, through the app's
 * Razorpay stand-in: the investor's bank details are penny-dropped at KYC step 3, the
 * withdraw dialog names the verified account, an admin sees the check and approves, and the
 * bank's answer (a few seconds later) shows the request completed with its UTR.
 */
test("a withdrawal reaches the bank and the investor sees its UTR @mobile", async ({ page, browser, signInAs }, testInfo) => {
  // Two people, a KYC, a payment and a payout: a long journey on a loaded two-core machine.
  test.setTimeout(120_000);
  const email: `${string}@${string}` = `payout-${randomBytes(4).toString("hex")}@example.in`;
  const { userId } = await signInAs(email, { redirectTo: "/kyc" });
  await fillPersonal(page);
  await fillDocuments(page);
  await fillBank(page);
  await expect(page.getByText("Step 4 of 5")).toBeVisible();
  await approveForWallet(userId);
  await payByUpi(page, true);

  await page.goto("/waitlist-dashboard/wallet?request=withdraw");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const dialog = page.getByRole("dialog", { name: "Withdraw Funds" });
  await expect(dialog.getByTestId("withdraw-destination")).toHaveText(
    "Paid to Axis Bank XXXXXXXXXXX5678 (verified) by IMPS, usually within minutes of our approval.",
  );
  await dialog.getByLabel("Amount (₹)").fill("2000");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByTestId("fund-requests")).toContainText("Withdrawal ₹2,000.00");
  // The hold sets the money aside inside the wallet: its line says how much, not "₹0".
  await expect(page.getByTestId("wallet-activity").getByRole("listitem").first()).toContainText(
    /Held for withdrawal request \w+.*₹2,000 held/,
  );

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs("admin", { page: admin, redirectTo: "/admin/support" });
  const [ticket] = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          "SELECT id::text AS id FROM support_tickets WHERE user_id = $1 AND ticket_type = 'withdraw_funds'",
          [userId],
        )
      ).rows,
  );
  await admin.goto(`/admin/support?ticket=${ticket!.id}`);
  const article = admin.getByRole("article");
  await expect(article).toContainText("Verified by penny drop");
  await expect(article).toContainText("KAVYA MENON");
  await expect(article).toContainText("Name match 100/100");
  await admin.screenshot({ path: testInfo.outputPath("admin-withdrawal-ticket.png"), fullPage: true });
  await article.getByLabel("Status").selectOption("resolved");
  await article.getByRole("button", { name: "Update Ticket" }).click();
  await expect(admin.getByText("Ticket Updated")).toBeVisible();
  await expect(admin.getByTestId("ticket-history")).toContainText("is on its way to your bank account XXXXXXXXXXX5678");
  await admin.goto("/admin/payments");
  await expect(admin.getByTestId("payouts")).toContainText(email);
  await admin.screenshot({ path: testInfo.outputPath("admin-payments.png"), fullPage: true });
  await adminContext.close();

  // The stand-in's bank answers after a few seconds; the wallet shows the paid request and its UTR.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("payout-line")).toContainText(/Paid to Axis Bank XXXXXXXXXXX5678 · UTR [0-9]{12}/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("fund-requests")).toContainText("Completed");
  await expect(page.getByTestId("available-balance")).toHaveText("₹2,990");
  await page.screenshot({ path: testInfo.outputPath("withdrawal-paid.png"), fullPage: true });
  // The UPI payment's id is one long word in its lines' descriptions: on a phone each amount
  // still sits inside its row (it was pushed past the card's edge).
  const rows = await page.getByTestId("wallet-activity").getByRole("listitem").all();
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const row of rows) {
    const [rowBox, amountBox] = await Promise.all([row.boundingBox(), row.locator("p").last().boundingBox()]);
    expect(amountBox!.x + amountBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 0.5);
  }

  const [payout] = await withE2eDatabase(
    async (client) =>
      (await client.query<{ status: string; utr: string }>("SELECT status, utr FROM payouts WHERE user_id = $1", [userId])).rows,
  );
  expect(payout).toEqual({ status: "processed", utr: expect.stringMatching(/^[0-9]{12}$/) });
  await page.goto("/notifications");
  await expect(page.locator("#main-content").getByText(`Bank reference (UTR): ${payout!.utr}`)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the withdraw dialog says where the money goes when no account was checked", async ({ page, signInAs }) => {
    await signInAs("waitlist@demo.aangan.in", { redirectTo: "/waitlist-dashboard/wallet?request=withdraw" });
    await expect(page.getByRole("dialog", { name: "Withdraw Funds" }).getByTestId("withdraw-destination")).toHaveText(
      "Paid by our team to the bank account in your KYC, within the turnaround below.",
    );
  });
});

import { randomBytes } from "node:crypto";
import { approveForWallet, withE2eDatabase } from "./support/e2e-database";
import { expect, test, type SignInAs } from "./support/fixtures";
import { payByUpi } from "./support/pay-by-upi";

/**
 * A new investor (KYC just approved) pays ₹5,000 into the wallet by UPI through the
 * gateway's checkout (the app's Razorpay stand-in), on a phone and a desktop, with
 * JavaScript on and off: the payment page, the checkout, the signed return, the wallet
 * credited ₹4,990 (the ₹10 fee), and the alert (ADR 0061).
 */
async function newApprovedInvestor(signInAs: SignInAs) {
  const email: `${string}@${string}` = `upi-${randomBytes(4).toString("hex")}@example.in`;
  const { userId } = await signInAs(email);
  await approveForWallet(userId);
  return { email, userId };
}

for (const javaScript of [true, false]) {
  test.describe(`JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test(`a new investor adds ₹5,000 by UPI and sees the balance and the alert @mobile`, async ({ page, signInAs }, testInfo) => {
      const { userId } = await newApprovedInvestor(signInAs);
      await payByUpi(page, javaScript);
      await page.screenshot({ path: testInfo.outputPath("payment-credited.png"), fullPage: true });

      await page.getByRole("link", { name: "Back to Wallet" }).click();
      await expect(page.getByTestId("available-balance")).toHaveText("₹4,990");
      await expect(page.getByText(/Funds added \(UPI payment pay_/)).toBeVisible();
      await expect(page.getByTestId("online-payments")).toContainText("₹5,000.00");
      await expect(page.getByTestId("online-payments")).toContainText("Credited");
      await page.goto("/notifications");
      const alerts = page.locator("#main-content");
      await expect(alerts.getByText("₹5,000.00 received by UPI")).toBeVisible();
      await expect(alerts.getByText("₹4,990.00 was added to your wallet")).toBeVisible();

      const [row] = await withE2eDatabase(
        async (client) =>
          (
            await client.query<{ status: string; available: string }>(
              `SELECT o.status, e.available_balance::text AS available FROM payment_orders o JOIN escrow_balances e ON e.user_id = o.user_id
              WHERE o.user_id = $1`,
              [userId],
            )
          ).rows,
      );
      expect(row).toEqual({ status: "paid", available: "4990.00" });
    });
  });
}

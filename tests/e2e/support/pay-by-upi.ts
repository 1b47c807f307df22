import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * A waitlist investor pays ₹5,000 into the wallet by UPI through the app's Razorpay stand-in:
 * the Pay Online dialog, the payment page, the checkout, the signed return, credited.
 */
export async function payByUpi(page: Page, hydrated: boolean) {
  await page.goto("/waitlist-dashboard/wallet");
  // The wallet's buttons are a plain GET form, so the dialog arrives on a new document.
  await page.getByRole("button", { name: "Pay by UPI / Net Banking" }).click();
  const dialog = page.getByRole("dialog", { name: "Pay by UPI or Net Banking" });
  await expect(dialog).toBeVisible();
  if (hydrated) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await dialog.getByLabel("Amount to pay (₹)").fill("5000");
  if (hydrated) await expect(dialog.getByTestId("pay-online-net")).toHaveText("₹4,990.00 will be added to your wallet.");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();

  await expect(page).toHaveURL(/\/wallet\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payment-state")).toHaveText("Waiting for payment");
  const paymentUrl = page.url();
  await page.getByRole("button", { name: "Pay ₹5,000.00 by UPI or Net Banking" }).click();

  await expect(page).toHaveTitle("Razorpay stand-in checkout");
  await page.getByLabel("UPI").check();
  await page.getByRole("button", { name: "Pay ₹5,000.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful." })).toBeVisible();
  await page.getByRole("button", { name: "Return to Aangan" }).click();

  await expect(page).toHaveURL(paymentUrl);
  await expect(page.getByTestId("payment-state")).toHaveText("Credited");
  await expect(page.getByText("Gateway payment")).toBeVisible();
}

import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";
import { fillBank, fillDocuments, fillPersonal, image } from "./support/kyc-steps";

const newEmail = (label: string): `${string}@${string}` => `kyc-${label}-${randomBytes(4).toString("hex")}@example.in`;

async function fillSelfieAndSubmit(page: Page) {
  await expect(page.getByText("Step 4 of 5")).toBeVisible();
  const selfie = page.getByLabel("Selfie");
  await expect(selfie).toHaveAttribute("capture", "user");
  await expect(selfie).toHaveAttribute("accept", "image/*");
  await selfie.setInputFiles(await image("jpeg", 200));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 5 of 5")).toBeVisible();
  await expect(page.getByText("UTIB0000123")).toBeVisible();
  await expect(page.getByText("XXXX5678")).toBeVisible();
  const preview = page.getByRole("link", { name: /Preview scan-10\.png/ });
  const previewResponse = await page.request.get((await preview.getAttribute("href"))!);
  expect(previewResponse.status()).toBe(200);
  expect(previewResponse.headers()["content-type"]).toBe("image/png");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "KYC Pending" })).toBeVisible();
}

async function adminPage(browser: Browser, signInAs: (who: "admin", o: { page: Page }) => Promise<unknown>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs("admin", { page });
  return page;
}

async function openReview(admin: Page, email: string) {
  await admin.goto(`/admin/kyc?q=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: "Review Documents" }).click();
  await expect(admin.getByRole("dialog")).toBeVisible();
}

test("a new investor completes the wizard across two sessions; rejected, resubmits, approved, then funds the wallet and invests", async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = newEmail("journey");
  await signInAs(email, { redirectTo: "/kyc" });
  await fillPersonal(page);
  await fillDocuments(page);
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  // The layout holds on a 390 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Leaves, and comes back on another device: the server kept the draft.
  const otherDevice = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInAs(email, { page: otherDevice, redirectTo: "/kyc" });
  await expect(otherDevice.getByText("Step 3 of 5")).toBeVisible();
  await fillBank(otherDevice);
  await fillSelfieAndSubmit(otherDevice);

  const admin = await adminPage(browser, signInAs);
  await openReview(admin, email);
  await expect(admin.getByRole("dialog").getByText("scan-10.png")).toBeVisible();
  await admin.getByRole("button", { name: "Reject KYC" }).click();
  await expect(admin.getByText("Please give a reason for rejecting this KYC submission.")).toBeVisible();
  await admin.getByLabel("Reason for rejection (required to reject)").fill("The PAN card scan is cut off");
  await admin.getByRole("button", { name: "Reject KYC" }).click();
  await expect(admin.getByText("KYC Status Updated").first()).toBeVisible();
  await expect(admin.getByText("No Pending KYC Submissions")).toBeVisible();

  await otherDevice.goto("/kyc");
  await expect(otherDevice.getByText("KYC Rejected - Your KYC was rejected. Please review and resubmit.")).toBeVisible();
  // In the page itself (the header's bell lists the same rejection among its alerts).
  await expect(otherDevice.getByRole("main").getByText("The PAN card scan is cut off")).toBeVisible();
  // Step 1 comes back filled from the first submission.
  await expect(otherDevice.getByLabel("Full name")).toHaveValue("Kavya Menon");
  await otherDevice.getByRole("button", { name: "Next" }).click();
  await fillDocuments(otherDevice);
  await fillBank(otherDevice);
  await fillSelfieAndSubmit(otherDevice);

  await openReview(admin, email);
  await admin.getByLabel("Admin notes").fill("Clear scans this time");
  await admin.getByRole("button", { name: "Approve KYC" }).click();
  await expect(admin.getByRole("dialog")).toBeHidden();
  await expect(admin.getByText("KYC Status Updated").first()).toBeVisible();
  await expect(admin.getByText("No Pending KYC Submissions")).toBeVisible();

  await otherDevice.goto("/kyc");
  await expect(otherDevice).not.toHaveURL(/\/kyc$/);

  // Approved, the investor can now invest: fund the wallet through a request the admin
  // completes, then buy. (They join the waitlist tier first, which has a wallet page.)
  await withE2eDatabase((db) =>
    db.query("UPDATE user_profiles SET tier = 'waitlist_player', subscription_active = true WHERE email = $1", [email]),
  );
  await otherDevice.goto("/waitlist-dashboard/wallet?request=add-funds");
  const dialog = otherDevice.getByRole("dialog", { name: "Add Funds" });
  await dialog.getByLabel("Amount (₹)").fill("110000");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(otherDevice.getByText("Request Submitted Successfully")).toBeVisible();

  await admin.goto("/admin/support?type=add_funds&status=open");
  await admin.getByTestId("ticket-list").getByRole("link").filter({ hasText: "₹1,10,000" }).first().click();
  const ticket = admin.getByRole("article");
  await ticket.getByLabel("Status").selectOption("resolved");
  await ticket.getByRole("button", { name: "Update Ticket" }).click();
  await expect(admin.getByText("Ticket Updated")).toBeVisible();

  await otherDevice.goto("/invest/dummy-1");
  await expect(otherDevice.locator("html[data-hydrated]")).toHaveCount(1);
  await otherDevice.getByRole("button", { name: "Invest Now" }).click();
  // Invest Now leads to the review; only Confirm spends.
  await expect(otherDevice.getByRole("heading", { name: "Review your investment" })).toBeVisible();
  await otherDevice.getByLabel("I have read the risk disclosure").check();
  await otherDevice.getByRole("button", { name: /^Confirm and pay ₹/ }).click();
  await expect(otherDevice.getByRole("status").filter({ hasText: "Investment Successful" }).first()).toBeVisible();
});

test("the seeded kyc-pending persona is in the queue with documents an admin can open", async ({ page, signInAs }) => {
  await signInAs("admin", { redirectTo: "/admin/kyc?q=kyc-pending" });
  await page.getByRole("link", { name: "Review Documents" }).click();
  const open = page.getByRole("dialog").getByRole("link", { name: "Open file" }).first();
  const response = await page.request.get((await open.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bank-details step refuses mismatched account numbers, then moves on", async ({ page, signInAs }) => {
    await signInAs(newEmail("nojs"), { redirectTo: "/kyc" });
    await fillPersonal(page);
    await fillDocuments(page);
    await expect(page.getByText("Step 3 of 5")).toBeVisible();
    await page.getByLabel("Account number", { exact: true }).fill("918020012345678");
    await page.getByLabel("Confirm account number").fill("918020012345679");
    await page.getByLabel("IFSC code").fill("utib0000123");
    await page.getByLabel("Bank name").fill("Axis Bank");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Account Numbers Don't Match - Please make sure both account numbers are the same.")).toBeVisible();
    await expect(page.getByLabel("Bank name")).toHaveValue("Axis Bank");
    await fillBank(page);
    await expect(page.getByText("Step 4 of 5")).toBeVisible();
  });
});

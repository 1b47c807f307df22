import { expect, test } from "./support/fixtures";

test("an investor asks to add funds, sees where to pay, and an admin completes the request", async ({ page, browser, signInAs }) => {
  await signInAs("waitlist@demo.aangan.in", { redirectTo: "/waitlist-dashboard/wallet" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Add Funds" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Funds" });
  await expect(dialog.getByTestId("processing-fee")).toHaveText("Processing fee: ₹10");
  const submit = dialog.getByRole("button", { name: "Submit Request" });
  await expect(submit).toBeDisabled();
  // The field takes digits with at most one decimal point: the letters never appear.
  await dialog.getByLabel("Amount (₹)").pressSequentially("12a000.5");
  await expect(dialog.getByLabel("Amount (₹)")).toHaveValue("12000.5");
  await dialog.getByLabel("Priority").selectOption("high");
  await expect(dialog).toContainText("Expected turnaround: Within 24 hours");
  await submit.click();

  await expect(page.getByText("Request Submitted Successfully")).toBeVisible();
  const instructions = page.getByTestId("deposit-instructions");
  await expect(instructions).toContainText("UPI id");
  const referenceCode = (await instructions.getByTestId("reference-code").innerText()).trim();
  expect(referenceCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByTestId("fund-requests")).toContainText("Add funds ₹12,000.50");

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs("admin", { page: adminPage, redirectTo: "/admin/support?type=add_funds&status=open" });
  await expect(adminPage.locator("html[data-hydrated]")).toHaveCount(1);
  await adminPage.getByTestId("ticket-list").getByRole("link").first().click();
  await expect(adminPage.getByTestId("ticket-reference-code")).toHaveText(referenceCode);
  const ticket = adminPage.getByRole("article");
  const update = ticket.getByRole("button", { name: "Update Ticket" });
  await expect(update).toBeDisabled();
  await ticket.getByLabel("Status").selectOption("resolved");
  await expect(update).toBeEnabled();
  await ticket.getByLabel("Admin response").fill("Transfer matched");
  await update.click();
  await expect(adminPage.getByText("Ticket Updated")).toBeVisible();
  await expect(adminPage.getByTestId("ticket-history")).toContainText("₹11,990.50 was added to your wallet");
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId("fund-requests")).toContainText("Completed");
});

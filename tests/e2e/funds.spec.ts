import { randomBytes } from "node:crypto";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

test("an investor asks to add funds, sees where to pay, and an admin completes the request", async ({ page, browser, signInAs }) => {
  // Two people, two sign-ins and a dozen round trips: on a two-core machine running the whole
  // suite it took 30-32 s against the default 30 s budget (also at the commit before this
  // session's changes), so it gets the budget of the other two-actor journeys.
  test.setTimeout(60_000);
  await signInAs("waitlist@demo.aangan.in", { redirectTo: "/waitlist-dashboard/wallet" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Add Funds" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Funds" });
  await expect(dialog.getByTestId("processing-fee")).toHaveText("Processing fee: ₹10");
  const submit = dialog.getByRole("button", { name: "Submit Request" });
  await expect(submit).toBeDisabled();
  // What is typed stays as typed ("1e5" never becomes 15) and the shared parser says what is wrong.
  await dialog.getByLabel("Amount (₹)").pressSequentially("1e5");
  await expect(dialog.getByLabel("Amount (₹)")).toHaveValue("1e5");
  await expect(dialog).toContainText("Invalid Amount - Please enter a valid amount (minimum ₹1,000)");
  await dialog.getByLabel("Amount (₹)").fill("₹12,000.50");
  await expect(dialog).not.toContainText("Invalid Amount");
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

test("without approved KYC, Add Funds shows the KYC notice and goes to /kyc a second later", async ({ page, signInAs }) => {
  const email: `${string}@${string}` = `funds-no-kyc-${randomBytes(4).toString("hex")}@example.in`;
  await signInAs(email);
  // A subscriber whose KYC is still pending: the waitlist wallet is theirs, fund requests are not.
  await withE2eDatabase((db) =>
    db.query("UPDATE user_profiles SET tier = 'waitlist_player', subscription_active = true WHERE email = $1", [email]),
  );
  // Page-side clock marks, kept in sessionStorage: when the Add Funds dialog was first drawn,
  // and when the app itself moved the URL to /kyc (a client-side navigation, so no page load in
  // between). The page also records what the dialog and the alerts said while they were up:
  // they are meant to leave after a second, which a loaded machine's polling from outside can miss.
  await page.addInitScript(() => {
    const mark = (name: string) => {
      if (sessionStorage.getItem(name) === null) sessionStorage.setItem(name, String(performance.timeOrigin + performance.now()));
    };
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
        const labelId = dialog.getAttribute("aria-labelledby");
        const name = dialog.getAttribute("aria-label") ?? (labelId ? document.getElementById(labelId)?.textContent : null);
        if (name?.trim() !== "Add Funds") continue;
        mark("shown");
        const buttons = [...dialog.querySelectorAll("button")].map((button) => button.textContent?.trim());
        sessionStorage.setItem("dialog", JSON.stringify({ text: dialog.textContent, buttons, visible: dialog.checkVisibility() }));
      }
      for (const alert of document.querySelectorAll<HTMLElement>('[role="alert"]')) {
        if (alert.textContent?.includes("KYC Required") && alert.checkVisibility()) sessionStorage.setItem("alerted", "yes");
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      if (String(args[2] ?? "").startsWith("/kyc")) mark("navigated");
      return pushState(...args);
    };
  });
  await page.goto("/waitlist-dashboard/wallet");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Add Funds opens its dialog in this document (no page load): a window property set now survives.
  await page.evaluate(() => {
    sessionStorage.clear();
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole("button", { name: "Add Funds" }).click();
  await page.waitForURL(/\/kyc$/);
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  const [sameDocument, shownAt, navigated, shown, alerted] = await page.evaluate(() => [
    (window as Window & { sameDocument?: boolean }).sameDocument === true,
    Number(sessionStorage.getItem("shown")),
    Number(sessionStorage.getItem("navigated")),
    sessionStorage.getItem("dialog"),
    sessionStorage.getItem("alerted"),
  ]);
  expect(sameDocument).toBe(true);
  // What the dialog said while it was up: the KYC notice, and no Submit Request button.
  const dialog = JSON.parse((shown as string | null) ?? "null") as { text: string; buttons: string[]; visible: boolean } | null;
  expect(dialog?.visible).toBe(true);
  expect(dialog?.text).toContain("Please complete your KYC verification before managing funds");
  expect(dialog?.buttons).not.toContain("Submit Request");
  expect(alerted).toBe("yes");
  expect(shownAt).toBeGreaterThan(0);
  expect((navigated as number) - (shownAt as number)).toBeGreaterThanOrEqual(900);
  expect(
    await withE2eDatabase(
      async (db) =>
        (
          await db.query(
            "SELECT count(*)::int AS n FROM support_tickets t JOIN user_profiles u ON u.user_id = t.user_id WHERE u.email = $1",
            [email],
          )
        ).rows[0].n,
    ),
  ).toBe(0);
});

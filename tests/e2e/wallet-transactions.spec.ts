import { expect, test } from "./support/fixtures";
import { rupees } from "./support/sign-in";

test("the dashboard sidebar lists the investor's properties and signs out with a form", async ({ page, signInAs }) => {
  await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/wallet" });
  const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
  for (const name of ["Overview", "Wallet", "Transactions", "Sell Requests", "Watchlist", "Notifications", "Support"]) {
    await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const position = sidebar.getByRole("link", { name: "Whitefield Tech Suit…" });
  await expect(position).toHaveAttribute("href", "/dashboard/p/whitefield-tech-suites");
  await sidebar.getByText("My Properties").click();
  await expect(position).toBeHidden();
  await sidebar.getByText("My Properties").click();
  await position.click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/p/whitefield-tech-suites");
  await expect(sidebar.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
});

test("rows, the sidebar, the header and the footer follow their links in the page; a row keeps the list where it was", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/transactions" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // A new document would lose this mark: each click below must be the router's, as <Link>'s were.
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const rows = page.getByRole("list", { name: "Transactions" }).getByRole("link");
  const row = rows.nth((await rows.count()) - 1);
  await row.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  // A modified click is left to the browser (a new tab): the app does not take it. The window's
  // listener, after the app's, notes whether the app took the click and then stops the new tab.
  const takenByTheApp = await row.evaluate((anchor) => {
    let taken: boolean | undefined;
    const note = (event: Event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", note, { once: true });
    anchor.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    return taken;
  });
  expect(takenByTheApp).toBe(false);
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/transactions");

  await row.click();
  const details = page.getByRole("dialog", { name: "Transaction details" });
  await expect(details).toBeVisible();
  await expect(page).toHaveURL((url) => /^\/dashboard\/transactions\/[^/]+$/.test(url.pathname));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await sameDocument()).toBe(true);
  await details.getByRole("link", { name: "Close", exact: true }).click();
  await expect(details).toBeHidden();

  const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
  await sidebar.getByRole("link", { name: "Wallet", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/wallet");
  await expect(sidebar.getByRole("link", { name: "Wallet", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Transactions", exact: true })).not.toHaveAttribute("aria-current");
  expect(await sameDocument()).toBe(true);

  await page.getByRole("navigation", { name: "Policies" }).getByRole("link", { name: "Fees", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/fees");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  await page.getByRole("banner").getByRole("link", { name: "Aangan", exact: true }).click();
  // The landing page sends a signed-in investor on to their welcome page.
  await expect(page).toHaveURL((url) => url.pathname === "/welcome");
  expect(await sameDocument()).toBe(true);
});

test("the wallet shows the balance, recent ledger activity and the Add Funds dialog", async ({ page, signInAs }) => {
  await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/wallet" });
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
  expect(rupees(await page.getByTestId("available-balance").innerText())).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Withdraw" })).toBeEnabled();
  const activity = page.getByRole("region", { name: "Recent activity" });
  await expect(activity.getByRole("listitem").first()).toBeVisible();
  await expect(activity.getByText(/^[+−]₹/).first()).toBeVisible();

  await page.getByRole("button", { name: "Add Funds" }).click();
  const notice = page.getByRole("dialog", { name: "Add Funds" });
  await expect(notice.getByTestId("processing-fee")).toHaveText("Processing fee: ₹10");
  await expect(notice.getByRole("button", { name: "Submit Request" })).toBeDisabled();
  await notice.getByRole("link", { name: "Cancel" }).click();
  await expect(notice).toHaveCount(0);
});

test("transactions filter by type, open as a dialog with a receipt to download and print", async ({ page, browser, signInAs }) => {
  await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/transactions" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const list = page.getByRole("list", { name: "Transactions" });
  await expect(list.getByText("Funds added to wallet").first()).toBeVisible();

  await page.getByLabel("Type").selectOption("investment");
  await expect(page).toHaveURL((url) => url.searchParams.get("type") === "investment");
  await expect(list.getByText("Funds added to wallet")).toHaveCount(0);
  const purchase = list.getByRole("link", { name: /Invested in Whitefield Tech Suites · 1 share/ });
  // One figure per event (ADR 0012): the list shows what left the wallet, the ₹20,000 share plus its ₹400 fee.
  await expect(purchase).toContainText("−₹20,400");
  await expect(purchase).toContainText("completed");

  await purchase.click();
  const dialog = page.getByRole("dialog", { name: "Transaction details" });
  await expect(dialog.getByText("1 × ₹20,000")).toBeVisible();
  await expect(dialog.getByText("Platform fee")).toBeVisible();
  await expect(dialog.getByText("₹20,400")).toBeVisible();
  for (const heading of ["Property", "Breakdown", "Timeline", "Additional info"]) {
    await expect(dialog.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(dialog.getByText("Ledger journal")).toBeVisible();

  const receiptHref = await dialog.getByRole("link", { name: "Download Receipt" }).getAttribute("href");
  expect(receiptHref).toMatch(/^\/dashboard\/transactions\/[0-9a-f-]{36}\/receipt\.pdf$/);
  const receipt = await page.request.get(receiptHref!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect(receipt.headers()["content-disposition"]).toMatch(/^attachment; filename="AAN-\d{8}-[0-9A-F]{8}\.pdf"$/);
  expect((await receipt.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Another investor asking for this receipt is told it does not exist.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs("large@demo.aangan.in", { page: otherPage });
  expect((await otherPage.request.get(receiptHref!)).status()).toBe(404);
  expect((await otherPage.goto(receiptHref!.replace("receipt.pdf", "print")))?.status()).toBe(404);
  await other.close();

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/transactions" && url.searchParams.get("type") === "investment");

  await purchase.click();
  await dialog.getByRole("link", { name: "Print" }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions\/[0-9a-f-]{36}\/print$/);
  await expect(page.getByRole("heading", { name: "Aangan transaction receipt" })).toBeVisible();
  await expect(page.getByText("Sneha Kulkarni <small@demo.aangan.in>")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner").first()).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Dashboard", exact: true })).toBeHidden();
  await expect(page.getByText("Receipt number")).toBeVisible();
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the type filter and the details page still work", async ({ page, signInAs }) => {
    await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/transactions?type=dividend" });
    const list = page.getByRole("list", { name: "Transactions" });
    await expect(list.getByRole("link")).toHaveCount(4);
    await expect(list.getByText(/^\+₹/).first()).toBeVisible();
    await page.getByLabel("Type").selectOption("withdrawal");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("type") === "withdrawal");
    await list.getByRole("link", { name: /Funds withdrawn from wallet/ }).click();
    await expect(page.getByRole("dialog", { name: "Transaction details" })).toContainText("₹5,000");
    await page.getByRole("link", { name: "Close", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/transactions" && url.searchParams.get("type") === "withdrawal");
  });
});

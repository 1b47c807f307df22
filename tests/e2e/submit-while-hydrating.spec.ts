import { randomBytes } from "node:crypto";
import type { Locator, Page, Request } from "@playwright/test";
import { createPrismaClient } from "../../app/services/db.server";
import { createInvestor } from "../setup/factories";
import { approveForWallet, e2eDatabaseUrl, withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

/**
 * React takes over the server's forms a moment before the render that flips their `enhanced`
 * field to "true". A submit in that moment is sent by the page's scripts, yet its field still
 * says "false": the action then answered with a redirect and a flash cookie, which a live
 * reload of the page could read first, and the admin's "Ticket Updated" never showed (a
 * payouts run on a loaded CI host). Each test puts a hydrated form's field back to the server's
 * "false", as it is in that moment, and checks the form still goes as the scripts' own.
 */
test.use({ serviceWorkers: "block" });

const scriptedPost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname.endsWith(".data");

/**
 * Focuses `submit` (any re-render the leaving field causes happens now), puts the form's field
 * back to "false", and presses Enter: nothing renders between the two.
 */
async function submitFromTheHydrationGap(page: Page, submit: Locator): Promise<Request> {
  await submit.focus();
  const fields = page.locator('input[type="hidden"][name="enhanced"]');
  await expect(fields).not.toHaveCount(0);
  await fields.evaluateAll((inputs) => inputs.forEach((input) => ((input as HTMLInputElement).value = "false")));
  const [post] = await Promise.all([page.waitForRequest(scriptedPost), submit.press("Enter")]);
  return post;
}

test("Add Funds opens in the page, and a fund request and its ticket's update sent in the hydration gap go as the scripts' own", async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(60_000);
  const email: `${string}@${string}` = `gap-${randomBytes(4).toString("hex")}@example.in`;
  const { userId } = await signInAs(email);
  await approveForWallet(userId);
  await page.goto("/waitlist-dashboard/wallet");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The dialog opens in the same, hydrated document: a page load here left a dialog whose
  // submit, before its new scripts ran, went out as a plain post (the offline test's failure).
  await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole("button", { name: "Add Funds" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Funds" });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  await dialog.getByLabel("Amount (₹)").fill("13000");
  const fundPost = await submitFromTheHydrationGap(page, dialog.getByRole("button", { name: "Submit Request" }));
  expect(new URLSearchParams(fundPost.postData() ?? "").get("enhanced")).toBe("true");
  await expect(page.getByText("Request Submitted Successfully")).toBeVisible();
  await expect(page.getByTestId("fund-requests")).toContainText("Add funds ₹13,000");

  const [ticket] = await withE2eDatabase(
    async (client) => (await client.query<{ id: string }>("SELECT id::text AS id FROM support_tickets WHERE user_id = $1", [userId])).rows,
  );
  const adminContext = await browser.newContext({ serviceWorkers: "block" });
  const admin = await adminContext.newPage();
  await signInAs("admin", { page: admin, redirectTo: `/admin/support?ticket=${ticket!.id}` });
  await expect(admin.locator("html[data-hydrated]")).toHaveCount(1);
  const article = admin.getByRole("article");
  await article.getByLabel("Status").selectOption("in_progress");
  const ticketPost = await submitFromTheHydrationGap(admin, article.getByRole("button", { name: "Update Ticket" }));
  expect(new URLSearchParams(ticketPost.postData() ?? "").get("enhanced")).toBe("true");
  await expect(admin.getByText("Ticket Updated")).toBeVisible();
  await expect(article).toContainText("In progress");
  await adminContext.close();
});

test("a purchase reviewed and confirmed in the hydration gap is answered on the invest page", async ({ page, signInAs }) => {
  const prisma = createPrismaClient(e2eDatabaseUrl());
  const buyer = await createInvestor(prisma, { balance: "60000" }).finally(() => prisma.$disconnect());
  await signInAs(buyer.email as `${string}@${string}`, { redirectTo: "/invest/lonavala-hillside-retreat" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Number of shares").fill("1");

  const reviewPost = await submitFromTheHydrationGap(page, page.getByRole("button", { name: "Invest Now" }));
  expect(new URLSearchParams(reviewPost.postData() ?? "").get("enhanced")).toBe("true");
  await expect(page.getByRole("heading", { name: "Review your investment" })).toBeVisible();
  await page.getByLabel("I have read the risk disclosure").check();
  const confirmPost = await submitFromTheHydrationGap(page, page.getByRole("button", { name: /^Confirm and pay / }));
  expect(new URLSearchParams(confirmPost.postData() ?? "").get("enhanced")).toBe("true");
  // Answered in the page: the notice shows here, before the page's own move to the dashboard.
  await expect(page.getByRole("status").filter({ hasText: "Investment Successful" }).first()).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/overview", { timeout: 6_000 });
});

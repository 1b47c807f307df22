import { randomBytes } from "node:crypto";
import { copyFileSync, readFileSync } from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test, type SignInAs } from "./support/fixtures";

/**
 * Nominees and the holdings certificate (ADR 0066): an investor names two nominees on a
 * phone and downloads the certificate; an admin records a transmission and a second,
 * established admin approves it, moving the wallet 60/40 and freezing the account.
 */
const tag = () => randomBytes(4).toString("hex");

async function approvedInvestor(signInAs: SignInAs, email: `${string}@${string}`, rupees = "0") {
  const { userId } = await signInAs(email);
  await withE2eDatabase(async (client) => {
    await client.query(
      "UPDATE user_profiles SET kyc_status = 'approved', subscription_active = true, tier = 'small_investor', full_name = $2 WHERE user_id = $1",
      [userId, email.split("@")[0]],
    );
    if (rupees !== "0") {
      // A deposit through the ledger's own function, as the wallet's money always arrives.
      await client.query(
        `SELECT ledger_write_single_journal('deposit', 'Funds for the nominees test', $1, NULL,
           ARRAY['user:' || $2 || ':available', 'platform:cash'], ARRAY['user_available', 'platform_cash']::ledger_account_kind[],
           ARRAY[$2::uuid, NULL], ARRAY[NULL, NULL]::text[], ARRAY[$3::numeric, -$3::numeric])`,
        [`e2e-nominees-${userId}`, userId, rupees],
      );
    }
  });
  return userId;
}

async function addTwoNominees(page: import("@playwright/test").Page) {
  await page.goto("/dashboard/nominees");
  await page.getByLabel("Full name").fill("Asha Rao");
  await page.getByLabel("Relationship").fill("Daughter");
  await page.getByLabel("Date of birth").fill("1995-04-02");
  await page.getByLabel("Share (%)").fill("60");
  await page.getByRole("button", { name: "Add another nominee" }).click();
  const second = page.getByRole("group", { name: "Nominee 2" });
  await second.getByLabel("Full name").fill("Ravi Rao");
  await second.getByLabel("Relationship").fill("Son");
  await second.getByLabel("Date of birth").fill("1998-09-12");
  await second.getByLabel("Share (%)").fill("40");
  await page.getByRole("button", { name: "Save nominees" }).click();
  await expect(page.getByText("You have named 2 nominees.")).toBeVisible();
}

test("an investor adds two nominees and downloads the holdings certificate @mobile", async ({ page, signInAs }, testInfo) => {
  await approvedInvestor(signInAs, `nominator-${tag()}@example.in`, "2500");
  await addTwoNominees(page);
  await page.screenshot({ path: testInfo.outputPath("nominees.png"), fullPage: true });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download holdings certificate" }).click();
  const file = await (await download).path();
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  // unpdf (an npm package) reads the text: the machine needs no PDF tools of its own.
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain("Holdings certificate");
  expect(text).toContain("2,500.00");
  copyFileSync(file, testInfo.outputPath("holdings-certificate.pdf"));
});

test("an admin records a transmission and a second admin approves it @mobile", async ({ page, browser, signInAs }) => {
  const id = tag();
  const deceased = await approvedInvestor(signInAs, `deceased-${id}@example.in`, "1000.01");
  await addTwoNominees(page);
  const asha = await approvedInvestor(signInAs, `asha-${id}@example.in`);
  const ravi = await approvedInvestor(signInAs, `ravi-${id}@example.in`);
  // A second admin of long standing (only an insert may back-date admin rights).
  const approverEmail: `${string}@${string}` = `approver-${id}@example.in`;
  await withE2eDatabase((client) =>
    client.query(
      `INSERT INTO user_profiles (email, full_name, trial_expires_at, kyc_status, is_admin, admin_since)
       VALUES ($1, 'Second Admin', now() + interval '14 days', 'approved', true, now() - interval '30 days')`,
      [approverEmail],
    ),
  );

  await signInAs("admin", { redirectTo: `/admin/users/${deceased}` });
  await page.getByLabel("Death certificate reference").fill("DC/KA/2026/00042");
  await page.getByLabel(/Asha Rao's Aangan account/).fill(`asha-${id}@example.in`);
  await page.getByLabel(/Ravi Rao's Aangan account/).fill(`ravi-${id}@example.in`);
  await page.getByRole("button", { name: "Record transmission" }).click();
  await expect(page).toHaveURL(/\/admin\/approvals/);
  await expect(page.getByText("DC/KA/2026/00042").first()).toBeVisible();

  const second = await (await browser.newContext({ ...test.info().project.use })).newPage();
  await signInAs(approverEmail, { page: second, redirectTo: "/admin/approvals" });
  const request = second.locator("li, article, tr").filter({ hasText: "DC/KA/2026/00042" }).first();
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(second.getByText(/was carried out/)).toBeVisible();

  const balances = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ user_id: string; available_balance: string }>(
      "SELECT user_id::text, available_balance::text FROM escrow_balances WHERE user_id = ANY($1::uuid[])",
      [[deceased, asha, ravi]],
    );
    return new Map(rows.map((r) => [r.user_id, r.available_balance]));
  });
  expect([balances.get(deceased), balances.get(asha), balances.get(ravi)]).toEqual(["0.00", "600.01", "400.00"]);
  await second.goto(`/admin/users/${deceased}`);
  await expect(second.getByText("Account frozen after transmission.")).toBeVisible();
});

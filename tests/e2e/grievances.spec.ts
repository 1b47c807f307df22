import { expect, test } from "./support/fixtures";

test.describe("grievances on a phone, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("an investor raises a complaint, sees its clocks, escalates it once; the admin sees it by age and acknowledges it by answering @mobile", async ({
    page,
    signInAs,
  }) => {
    await signInAs("large@demo.aangan.in", { redirectTo: "/dashboard/complaints" });
    await expect(page.getByRole("heading", { name: "Complaints", level: 1 })).toBeVisible();
    const subject = `Rent for November not credited ${Date.now()}`;
    await page.getByLabel("What is it about?").fill(subject);
    await page.getByLabel("What happened?").fill("The November rent for Whitefield has not reached my wallet yet.");
    await page.getByRole("button", { name: "Raise complaint" }).click();

    await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
    const clocks = page.getByRole("list", { name: "Clocks" });
    for (const label of ["Acknowledge", "Resolve", "Final limit (SEBI SCORES)"]) {
      await expect(clocks.getByRole("listitem").filter({ hasText: label })).toContainText("Running");
    }
    await expect(clocks).toContainText("Due");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/grievances-complaint-390.png", fullPage: true });

    const complaintUrl = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Escalate this complaint" }).click();
    await expect(page.getByText("Escalated once")).toBeVisible();
    await expect(page.getByRole("button", { name: "Escalate this complaint" })).toHaveCount(0);

    await page.goto("/dashboard/complaints");
    await expect(page.getByRole("link", { name: subject })).toBeVisible();

    await signInAs("admin", { redirectTo: "/admin/grievances" });
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("investor");
    // The admin's first answer on the support desk acknowledges it.
    await row.getByRole("link", { name: subject }).click();
    const ticket = page.getByRole("article", { name: subject });
    await expect(ticket.getByRole("list", { name: "Clocks" })).toContainText("Running");
    await ticket.getByLabel("Admin response").fill("We are checking the November payout with the bank.");
    await ticket.getByRole("button", { name: "Update Ticket" }).click();

    await signInAs("large@demo.aangan.in", { redirectTo: complaintUrl });
    await expect(page.getByRole("list", { name: "Clocks" }).getByRole("listitem").filter({ hasText: "Acknowledge" })).toContainText("Met");
    await expect(page.getByText("We are checking the November payout with the bank.")).toBeVisible();
  });

  test("an erasure of KYC records is refused with the law's reason; the footer names the Grievance Officer @mobile", async ({
    page,
    signInAs,
  }) => {
    await signInAs("small@demo.aangan.in", { redirectTo: "/dashboard/data-rights" });
    await page.getByRole("checkbox", { name: /KYC records/ }).check();
    await page.getByRole("button", { name: "Request erasure" }).click();
    const refused = page.getByRole("region", { name: "Not erased, and why" });
    await expect(refused).toContainText("Prevention of Money-laundering Act 2002 (section 12)");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Grievance Officer");
    await expect(footer.getByRole("link", { name: "SCORES" })).toHaveAttribute("href", "https://scores.sebi.gov.in/");
    await expect(footer.getByRole("link", { name: "SMART ODR" })).toHaveAttribute("href", "https://smartodr.in/");
  });
  test("a waitlist player reaches their data rights from their own dashboard: a representative, an erasure refused with the law's reason, the export @mobile", async ({
    page,
    signInAs,
  }) => {
    await signInAs("waitlist", { redirectTo: "/waitlist-dashboard/overview" });
    await page.getByRole("navigation", { name: "Waitlist dashboard" }).getByRole("link", { name: "Your Data" }).click();
    await expect(page).toHaveURL(/\/dashboard\/data-rights$/);
    await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Waitlist dashboard" })).toBeVisible();

    const representative = page.getByRole("region", { name: "Your representative" });
    await representative.getByLabel("Full name").fill("Meera Waitlist");
    await representative.getByLabel("E-mail").fill("meera.waitlist@example.in");
    await representative.getByLabel("Relationship to you").fill("Sister");
    await representative.getByRole("button", { name: /^(Save|Replace) representative$/ }).click();
    await expect(page.getByText("Representative saved")).toBeVisible();
    await expect(representative).toContainText("Now: Meera Waitlist (Sister)");

    await page.getByRole("checkbox", { name: /KYC records/ }).check();
    await page.getByRole("button", { name: "Request erasure" }).click();
    await expect(page).toHaveURL(/\/dashboard\/data-rights$/);
    const requests = page.getByRole("region", { name: "Your data requests" });
    await expect(requests.getByRole("listitem").first()).toContainText("Prevention of Money-laundering Act 2002 (section 12)");
    await expect(requests.getByRole("list", { name: "Clocks" }).first()).toContainText("Acknowledge");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download everything we hold about you (zip)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aangan-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });
});

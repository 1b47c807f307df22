import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { expect, test } from "./support/fixtures";

async function photo(name: string, shade: number) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: shade, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function expectNoAxeViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

test("an admin creates a property with two images, edits it, reorders the images and publishes a document an investor downloads", async ({
  page,
  browser,
  signInAs,
}) => {
  // A long walk (create, refuse to open, fill every invest-page fact, document, open, download, delete).
  test.slow();
  await signInAs("admin", { redirectTo: "/admin/properties/new" });
  await expect(page.getByRole("heading", { name: "Add New Property" })).toBeVisible();
  await page.getByRole("button", { name: "Create Property" }).click();
  await expect(page.getByRole("alert")).toContainText("Missing Required Fields - Please fill in: Title, Description");

  const title = `E2E Tower ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("A tower built by the browser test.");
  await page.getByLabel("Address").fill("1 Test Road");
  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("Total value (₹)").fill("5000000");
  await page.getByLabel("Share price (₹)").fill("5000");
  await page.getByLabel("Funding goal (₹)").fill("5000000");
  await page.getByLabel("Images").setInputFiles([await photo("front.jpg", 20), await photo("garden.jpg", 220)]);
  await page.getByRole("button", { name: "Create Property" }).click();
  await expect(page.getByText("Property Created Successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/properties\/[^/]+\/edit$/);
  const propertyId = page.url().split("/").at(-2)!;

  const images = page.getByRole("list", { name: "Property images" }).getByRole("listitem");
  await expect(images).toHaveCount(2);
  await expect(images.first().getByRole("img")).toHaveAttribute("srcset", /480w.*960w.*1600w/);
  const [first, second] = await images.evaluateAll((items) => items.map((item) => item.getAttribute("data-image-url")));
  await images.nth(1).getByRole("button", { name: "Make cover" }).click();
  await expect(page.getByText("Images reordered")).toBeVisible();
  expect(await images.evaluateAll((items) => items.map((item) => item.getAttribute("data-image-url")))).toEqual([second, first]);
  const served = await page.request.get(`${second}?w=480`);
  expect(served.headers()["content-type"]).toBe("image/webp");

  // Opening a property that lacks its invest-page facts is refused, naming what is missing (ADR 0050).
  await page.getByLabel("Title").fill(`${title} (edited)`);
  await page.getByLabel("Status").selectOption("open");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toContainText("cannot open for investment");
  await expect(page.getByRole("alert")).toContainText("tenant");
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Property updated successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Edit ${title} (edited)` })).toBeVisible();
  // Closed now, so the next save's toast is the only one: on a slow run this one is still up
  // (a success toast stays 5 s, longer while the pointer rests on it).
  await page
    .getByRole("status")
    .filter({ hasText: "Property updated successfully" })
    .locator("..")
    .getByRole("button", { name: "Dismiss notification" })
    .click({ timeout: 2_000 })
    .catch(() => undefined); // it may have closed by itself meanwhile
  await expect(page.getByText("Property updated successfully")).toHaveCount(0);

  await page.getByLabel("Document type").selectOption("legal_certificate");
  await page.getByLabel("Document name").fill("Title Report E2E");
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "title.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Document uploaded")).toBeVisible();
  await expect(page.getByRole("link", { name: "Title Report E2E", exact: true })).toBeVisible();

  const facts: [string, string][] = [
    ["Tenant", "Kestrel Analytics Private Limited"],
    ["Tenant sector", "IT services"],
    ["Lease start", "2025-04-01"],
    ["Lease term (months)", "108"],
    ["Lock-in (months)", "36"],
    ["Rent escalation (%)", "15"],
    ["Escalation every (months)", "36"],
    ["Monthly rent (₹)", "34000"],
    ["Expected annual return (%)", "10.5"],
    ["Expected rental yield (%)", "8.2"],
    ["Expected appreciation (%)", "2.3"],
    ["SPV name", "E2E Tower Private Limited"],
    ["SPV structure", "Private limited company that holds the title"],
    ["Independent valuation (₹)", "5100000"],
    ["Valuer", "Meridian Property Valuers Pvt Ltd"],
    ["Valuation date", "2026-10-01"],
    ["Management fee (% a year)", "0.5"],
    ["Performance fee (%)", "10"],
    ["Exit fee (%)", "0"],
  ];
  for (const [label, value] of facts) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Status").selectOption("open");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Property updated successfully")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("open");
  await expectNoAxeViolations(page);

  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await signInAs("waitlist", { page: investor, redirectTo: `/invest/${propertyId}` });
  // The gallery offers the sharp-resized widths of the uploaded cover, so a phone fetches the small one.
  await expect(investor.getByRole("img", { name: `${title} (edited) (1 of 2)` })).toHaveAttribute("srcset", /480w.*960w.*1600w/);
  const download = investor.waitForEvent("download");
  await investor.getByRole("link", { name: "Title Report E2E", exact: true }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  await investorContext.close();

  // A property without money history can be deleted, with its images and documents, once DELETE is typed;
  // deleting it also keeps the catalogue the other specs read as the demo data left it.
  await page.goto("/admin/properties");
  await page.getByRole("link", { name: `Permanent Delete ${title} (edited)` }).click();
  await page.getByLabel("Type DELETE to confirm").fill("delete");
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText("Deletion Cancelled")).toBeVisible();
  await page.getByRole("link", { name: `Permanent Delete ${title} (edited)` }).click();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText(`${title} (edited) was deleted.`)).toBeVisible();
  expect((await page.request.get(`/invest/${propertyId}`)).status()).toBe(404);
});

test("the User Analytics CSV downloads and parses with the spec's columns", async ({ page, signInAs }) => {
  await signInAs("admin", { redirectTo: "/admin?tab=analytics" });
  await expect(page.getByRole("link", { name: "User Analytics" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const bytes = readFileSync(await (await download).path());
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  expect(Object.keys(records[0]!)).toEqual([
    "user id",
    "name",
    "email",
    "tier",
    "watchlist count",
    "notes count",
    "engagement score",
    "last activity",
  ]);
  expect(records.some((record) => record.email === "admin@demo.aangan.in")).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a tier override shows '(Override)' in the list until Auto Calc clears it", async ({ page, signInAs }) => {
    const { email } = await signInAs(`override-${Date.now()}@example.in`);
    await signInAs("admin", { redirectTo: `/admin/users?q=${encodeURIComponent(email)}` });
    const row = page.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByLabel(`Tier for ${email}`).selectOption("small_investor");
    await row.getByRole("button", { name: `Set tier: ${email}` }).click();
    await expect(row.getByText("Small Investor (Override)")).toBeVisible();
    await row.getByRole("button", { name: `Auto Calc: ${email}` }).click();
    await expect(row.getByText("(Override)")).toHaveCount(0);
    await expect(row.getByRole("button", { name: /Auto Calc/ })).toHaveCount(0);

    await page.goto(`/admin/audit?target=user`);
    await expect(page.getByRole("list", { name: "Audit entries" }).getByText("user.tier_auto_calc").first()).toBeVisible();
  });
});

test("the admin pages render their data and pass axe", async ({ page, signInAs }) => {
  // Seven full axe runs on long lists: more than the default 30 s on a busy two-core machine.
  test.setTimeout(120_000);
  await signInAs("admin", { redirectTo: "/admin" });
  await expect(page.getByRole("link", { name: /Total users/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/properties");
  await expect(page.getByRole("link", { name: "Edit Skyline Residency, Bandra West" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/investments");
  await expect(page.getByRole("list", { name: "Investments" }).getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page);
  for (const path of ["/admin/users", "/admin/audit", "/admin?tab=notes"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  await page.goto("/admin?tab=activity");
  await expect(page.getByRole("heading", { name: "Latest user events" })).toBeVisible();
});

test("the admin area fits a phone: navigation scrolls, pages do not @mobile", async ({ page, signInAs }) => {
  await signInAs("admin", { redirectTo: "/admin/users" });
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" })).toBeAttached();
  for (const path of ["/admin/users", "/admin/properties", "/admin?tab=analytics"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test.describe("test analytics without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("logs an event for the signed-in user, lists the latest events and the last activity", async ({ page, signInAs }) => {
    await signInAs(`analytics-${Date.now()}@example.in`, { redirectTo: "/test-analytics" });
    await page.getByRole("button", { name: "Log a test event" }).click();
    await expect(page.getByText("Event logged")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your 5 latest events" }).getByText("test_event")).toBeVisible();
    await page.getByRole("button", { name: "Check last activity" }).click();
    await expect(page.getByRole("status")).toContainText("Last activity:");
    await expect(page.getByRole("status")).not.toContainText("none recorded");
  });
});

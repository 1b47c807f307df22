import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Buys in the "same total everywhere" test only, so no other test shares its wallet.
const SAME_TOTAL_BUYER = "investor06@demo.aangan.in";

const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The Min. investment figure of every card, in rupees. */
const cardMinimums = (page: Page) =>
  page
    .getByRole("list", { name: "Property results" })
    .getByRole("article")
    .evaluateAll((articles) =>
      articles.map((article) => Number((article.querySelector("dl div:nth-child(3) dd")?.textContent ?? "").replace(/[₹,]/g, ""))),
    );

const cardTitles = (page: Page) =>
  page.getByRole("list", { name: "Property results" }).getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();

test.describe("the buy box tells the truth", () => {
  for (const { id, state } of [
    { id: "baner-greens-villas", state: "Sold out" },
    { id: "andheri-east-warehousing", state: "Closed" },
    { id: "marine-drive-square", state: /^Opens for investment on \d{1,2} \w+ \d{4}$/ },
  ]) {
    test(`${id} shows its state instead of an Invest Now button`, async ({ page, signInAs }) => {
      await signInAs("small", { redirectTo: `/invest/${id}` });
      await hydrated(page);
      await expect(page.getByTestId("buy-box-state").getByRole("heading", { level: 2 })).toHaveText(state);
      await expect(page.getByRole("button", { name: "Invest Now" })).toHaveCount(0);
      await expect(page.getByLabel("Number of shares")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Key facts" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("the catalogue offers View, not Invest, on properties that are not open", async ({ page }) => {
    await page.goto("/properties?city=Pune");
    const soldOut = page.getByRole("article").filter({ hasText: "Baner Greens" });
    await expect(soldOut.getByRole("link", { name: /^View/ })).toBeVisible();
    await expect(soldOut.getByRole("link", { name: /^Invest/ })).toHaveCount(0);
    const open = page.getByRole("article").filter({ hasText: "Chakan Logistics Park" });
    await expect(open.getByRole("link", { name: /^Invest/ })).toBeVisible();
  });

  test("an explorer reads why they cannot invest yet, with the link to KYC tied to the button", async ({ page, signInAs }) => {
    await signInAs(`explorer-why-${Date.now()}@example.in`, { redirectTo: "/invest/lonavala-hillside-retreat" });
    await hydrated(page);
    const reason = page.locator("#invest-blocker");
    await expect(reason).toContainText("You need approved KYC to invest.");
    await expect(page.getByRole("button", { name: "Invest Now" })).toHaveAttribute("aria-describedby", "invest-blocker");
    await expect(reason.getByRole("link", { name: "Complete your KYC" })).toHaveAttribute("href", "/kyc");
    await expectNoAxeViolations(page);
  });

  test("an invalid quantity blanks the breakdown instead of showing absurd totals", async ({ page, signInAs }) => {
    await signInAs("small", { redirectTo: "/invest/lonavala-hillside-retreat" });
    await hydrated(page);
    await page.getByLabel("Number of shares").fill("2.5");
    await expect(page.getByTestId("total")).toHaveText("–");
    await expect(page.getByTestId("remaining-balance")).toHaveText("–");
  });

  test("the invest page lists the property's facts", async ({ page, signInAs }) => {
    await signInAs("small", { redirectTo: "/invest/whitefield-tech-suites" });
    const facts = page.getByRole("region", { name: "Key facts" });
    for (const label of [
      "Tenant",
      "Lease start",
      "Lock-in",
      "Rent escalation",
      "Monthly rent",
      "Rental yield",
      "Appreciation",
      "SPV",
      "Valuer",
      "Platform fee",
    ]) {
      await expect(facts.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(facts.getByText("15% every 3 years")).toBeVisible();
    await expect(facts.getByText("Whitefield Suites SPV Private Limited")).toBeVisible();
  });
});

test("a purchase shows the same total debited in the review, the list, the details and the wallet", async ({ page, signInAs }) => {
  await signInAs(SAME_TOTAL_BUYER, { redirectTo: "/invest/lonavala-hillside-retreat" });
  await hydrated(page);
  await page.getByLabel("Number of shares").fill("3");
  await page.getByRole("button", { name: "Invest Now" }).click();
  // 3 × ₹9,000 + 2% fee.
  await expect(page.getByTestId("review-total")).toHaveText("₹27,540");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm and pay ₹27,540" }).click();
  // Confirm is refused by the browser until the risks are acknowledged.
  await expect(page.getByRole("heading", { name: "Review your investment" })).toBeVisible();
  await page.getByLabel("I have read the risk disclosure").check();
  await page.getByRole("button", { name: "Confirm and pay ₹27,540" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Investment Successful" }).first();
  await expect(confirmation).toContainText("for ₹27,540");
  await expect(page.getByRole("link", { name: "Download your receipt (PDF)" })).toHaveAttribute(
    "href",
    /^\/dashboard\/transactions\/[0-9a-f-]{36}\/receipt\.pdf$/,
  );

  await page.goto("/dashboard/transactions?type=investment");
  await hydrated(page);
  const row = page.getByRole("list", { name: "Transactions" }).getByRole("link").first();
  await expect(row).toContainText("Lonavala");
  await expect(row.getByTestId("row-amount")).toHaveText("−₹27,540");
  await row.click();
  const dialog = page.getByRole("dialog", { name: "Transaction details" });
  await expect(dialog.getByTestId("details-total")).toHaveText("−₹27,540");
  await expect(dialog.getByText("Platform fee (GST included)")).toBeVisible();
  // The print view is the receipt: the issuing company, the fee's GST and the same total, no ledger id.
  await dialog.getByRole("link", { name: "Print" }).click();
  await expect(page.getByTestId("receipt-issuer")).toContainText(/GSTIN: \w{15}/);
  await expect(page.getByTestId("receipt-issuer")).toContainText(/CIN: \w{21}/);
  const receipt = page.getByRole("article", { name: "Aangan transaction receipt" });
  // investor06 lives in Maharashtra and the company's GSTIN is Karnataka's: the fee's GST is IGST (ADR 0053).
  await expect(receipt.getByText("IGST @ 18%")).toBeVisible();
  await expect(receipt.getByText("CGST @ 9%")).toHaveCount(0);
  await expect(receipt.getByText("₹27,540.00")).toBeVisible();
  await expect(receipt.getByText("Ledger journal")).toHaveCount(0);
  await expect(receipt.getByText(/ IST$/)).toBeVisible();

  await page.goto("/dashboard/wallet");
  const activity = page.getByRole("region", { name: "Recent activity" });
  await expect(activity.getByText("−₹27,540").first()).toBeVisible();
});

test.describe("catalogue filters people use", () => {
  test("each ticket-size band returns the properties whose minimum investment falls in it", async ({ page }) => {
    const bands: Record<string, { min: number; max: number; includes: string[] }> = {
      "under-10k": { min: 0, max: 10_000, includes: ["Koregaon Park Lofts", "Lonavala Hillside Retreat"] },
      "10k-25k": {
        min: 10_000,
        max: 25_000,
        includes: ["Whitefield Tech Suites", "Baner Greens Villas", "OMR Lakeview Homes", "Park Street Plaza"],
      },
      "25k-1l": {
        min: 25_000,
        max: 100_000,
        includes: ["Chakan Logistics Park", "Cyber Hub Commercial Tower", "HITEC City Retail Arcade"],
      },
      "1l-plus": { min: 100_000, max: Infinity, includes: ["Skyline Residency, Bandra West"] },
    };
    for (const [band, { min, max, includes }] of Object.entries(bands)) {
      // Every page of the band: properties other specs create (open, cheap) come first and can
      // push the demo ones past page one.
      const titles: string[] = [];
      const minimums: number[] = [];
      for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
        await page.goto(`/properties?ticket=${band}&page=${pageNumber}`);
        await expect(page.getByLabel("Minimum investment")).toHaveValue(band);
        const onPage = await cardTitles(page);
        const minimumsOnPage = await cardMinimums(page);
        expect(minimumsOnPage.length).toBe(onPage.length);
        titles.push(...onPage);
        minimums.push(...minimumsOnPage);
        const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: `Page ${pageNumber + 1}` });
        if ((await next.count()) === 0) break;
      }
      for (const title of includes) expect(titles, band).toContain(title);
      for (const value of minimums) expect(value >= min && value < max, `${band}: ${value}`).toBe(true);
    }
  });

  test("the city filter applies as it changes, keeps open properties first, and holders see their shares", async ({ page, signInAs }) => {
    await signInAs("small", { redirectTo: "/properties" });
    await hydrated(page);
    await page.getByLabel("City", { exact: true }).selectOption("Pune");
    await expect(page).toHaveURL((url) => url.searchParams.get("city") === "Pune");
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual(["Baner Greens Villas", "Chakan Logistics Park", "Koregaon Park Lofts"]);
    // The only open one leads.
    expect((await cardTitles(page))[0]).toBe("Chakan Logistics Park");
    await page.goto("/properties?city=Bengaluru");
    const whitefield = page.getByRole("article").filter({ hasText: "Whitefield Tech Suites" });
    await expect(whitefield.getByTestId("shares-owned-badge")).toHaveText(/^You own \d+ shares?$/);
    await expectNoAxeViolations(page);
  });

  test("sorting by expected return puts open properties first, highest return first", async ({ page }) => {
    await page.goto("/properties?sort=return");
    const cards = await page
      .getByRole("list", { name: "Property results" })
      .getByRole("article")
      .evaluateAll((articles) =>
        articles.map((article) => ({
          open: article.textContent?.includes("OPEN") ?? false,
          roi: Number((article.querySelector("dl div:nth-child(2) dd")?.textContent ?? "").replace("%", "")),
        })),
      );
    const firstClosed = cards.findIndex((card) => !card.open);
    expect(firstClosed).toBeGreaterThan(0);
    expect(cards.slice(firstClosed).every((card) => !card.open)).toBe(true);
    const openReturns = cards.slice(0, firstClosed).map((card) => card.roi);
    expect(openReturns).toEqual([...openReturns].sort((a, b) => b - a));
    expect(openReturns[0]).toBe(12.5);
  });
});

test.describe("trust pages", () => {
  test("every page the footer links to answers 200 and passes axe; the sign-in card links the terms", async ({ page, request }) => {
    await page.goto("/properties");
    const footer = page.getByRole("navigation", { name: "Policies" });
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(["/terms", "/privacy", "/privacy/notice", "/risk-disclosure", "/fees", "/faq", "/contact"]);
    for (const href of hrefs) {
      const response = await request.get(href!);
      expect(response.status(), href!).toBe(200);
    }
    await page.goto("/risk-disclosure");
    await expect(page.getByText("Aangan is not a SEBI-registered Small and Medium REIT")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/contact");
    await expect(page.getByText(/^CIN: [LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/auth");
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  test("the demo ribbon shows while DEMO_MODE is on", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "Demo notice" })).toContainText("Demo");
  });
});

test("focus stays in the transaction dialog and returns to its row", async ({ page, signInAs }) => {
  await signInAs("small", { redirectTo: "/dashboard/transactions" });
  await hydrated(page);
  const row = page.getByRole("list", { name: "Transactions" }).getByRole("link").first();
  await row.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Transaction details" });
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeFocused();
});

test("a new account is greeted by name with a checklist of its real first steps; /trial-expired says what Premium is", async ({
  page,
  signInAs,
}) => {
  await signInAs(`welcome-${Date.now()}@example.in`, { redirectTo: "/welcome" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, .+!$/);
  const checklist = page.getByRole("region", { name: "Your first steps" });
  await expect(checklist).toContainText("0 of 4 done");
  await expect(checklist.getByTestId("step-kyc").getByRole("link", { name: "Complete your KYC" })).toHaveAttribute("href", "/kyc");
  await expect(checklist.getByTestId("step-invest").getByRole("link", { name: "Browse properties" })).toHaveAttribute(
    "href",
    "/properties",
  );
  await expectNoAxeViolations(page);

  await page.goto("/trial-expired");
  await expect(page.getByRole("heading", { name: "Premium includes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What it costs" })).toBeVisible();
  await expect(page.getByTestId("trial-premium-price")).toContainText("₹999");
  await expectNoAxeViolations(page);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard navigation shows every section on screen, and an open property keeps an invest bar in view", async ({
    page,
    signInAs,
  }) => {
    await signInAs("small", { redirectTo: "/dashboard/overview" });
    const sections = page.getByRole("navigation", { name: "Dashboard", exact: true });
    for (const name of ["Overview", "Wallet", "Transactions", "Sell Requests", "Watchlist", "Notifications", "Support"]) {
      const link = sections.getByRole("link", { name, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
    }

    await page.goto("/invest/lonavala-hillside-retreat");
    await page.mouse.wheel(0, 400);
    const bar = page.getByRole("link", { name: "Invest", exact: true });
    await expect(bar).toBeInViewport();
    await bar.click();
    await expect(page).toHaveURL((url) => url.hash === "#buy-box");
    await expect(page.getByLabel("Number of shares")).toBeInViewport();
  });

  test("an invest page with a valuation history, listings and paid rent fits the screen; the valuation table scrolls in its card", async ({
    page,
    signInAs,
  }) => {
    await signInAs("large", { redirectTo: "/invest/cyber-hub-commercial" });
    await expect(page.getByRole("heading", { name: "Valuation history" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = page.getByRole("region", { name: "Valuation history" });
    const sizes = await table.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const CALLS_TO_ACTION = [/Start your free 14-day trial/, /Create your free account/, /Get started free/, /^Get Started$/];

async function expectLandingContent(page: Page) {
  await expect(page).toHaveTitle("Aangan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Own a share of India’s best addresses.");
  const main = page.getByRole("main");
  await expect(main.getByText("₹8,300").first()).toBeVisible();
  await expect(main.getByText("8–12%").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Verified, KYC-checked investors" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Free 14-day trial" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Trade shares like stocks" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Regular dividend payments" })).toBeVisible();
  const steps = page.locator("#how-it-works ol > li");
  await expect(steps).toHaveCount(3);
  await expect(page.getByRole("contentinfo")).toContainText("Aangan");
}

async function expectCallsToActionLeadToAuth(page: Page) {
  for (const name of CALLS_TO_ACTION) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", "/auth");
  }
  await page.getByRole("link", { name: /Start your free 14-day trial/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test.describe("landing page with JavaScript", () => {
  test("shows the hero, reasons to choose Aangan, three steps and the footer", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expectLandingContent(page);
  });

  test("hides the site navigation but offers Get Started", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Aangan", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveCount(0);
  });

  test("every call to action leads to /auth", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectCallsToActionLeadToAuth(page);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("runs its scripts without any Content Security Policy violation", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/");
    // The flag is set by React after hydration, so scripts provably ran under the policy.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
});

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders fully from the server", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expectLandingContent(page);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });

  test("its calls to action still lead to /auth", async ({ page }) => {
    await page.goto("/");
    await expectCallsToActionLeadToAuth(page);
  });
});

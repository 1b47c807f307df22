import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The landing page is served without React (ADR 0024): its one small module marks <html data-enhanced>.
const waitForItsScript = (page: Page) => page.locator("html[data-enhanced]").waitFor({ state: "attached" });

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
  // One test here checks that the page registers the service worker (blocked elsewhere).
  test.use({ serviceWorkers: "allow" });
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
    await waitForItsScript(page);
    await expectCallsToActionLeadToAuth(page);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await waitForItsScript(page);
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
    // The flag is set by the page's script, so it provably ran under the policy (workbox-window loads after it).
    await waitForItsScript(page);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("ships no React: only its own small module and workbox-window, within 90 kB gzip, and still registers the worker", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForItsScript(page);
    // The service worker is registered (and takes the page) from that module.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    expect(await page.evaluate(() => "__remixContext" in window || "__remixRouter" in window)).toBe(false);
    expect(scripts).toContain("/static-page.js");
    expect(scripts.filter((path) => path !== "/static-page.js" && !/^\/assets\/workbox-window[\w.-]*\.js$/.test(path))).toEqual([]);

    let gzipBytes = 0;
    for (const path of scripts) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      gzipBytes += gzipSync(await response.body()).length;
    }
    expect(gzipBytes).toBeLessThanOrEqual(90 * 1024);
    // A fixed name, so it is revalidated like the worker itself.
    expect((await page.request.get("/static-page.js")).headers()["cache-control"]).toBe("no-cache");
  });

  test("a flashed toast times out, or closes, without React", async ({ page }) => {
    await page.goto("/e2e-probe/toast");
    await expect(page).toHaveURL(/\/$/);
    await waitForItsScript(page);
    await expect(page.getByRole("status").filter({ hasText: "Probe Succeeded" })).toBeVisible();
    await expect(page.getByText("Probe Succeeded")).toHaveCount(0, { timeout: 9_000 });
    await page.goto("/e2e-probe/toast?kind=error");
    const alert = page.getByRole("alert").filter({ hasText: "Probe Failed" });
    await expect(alert).toBeVisible();
    await page.locator("summary", { hasText: "Dismiss notification" }).click();
    await expect(alert).toHaveCount(0);
  });

  test("connection notices show, time out and close without React", async ({ page }) => {
    await page.goto("/");
    await waitForItsScript(page);
    await page.context().setOffline(true);
    const lost = page.getByRole("alert").filter({ hasText: "Connection Lost" });
    await expect(lost).toBeVisible();
    await page.context().setOffline(false);
    await expect(lost).toHaveCount(0);
    const back = page.getByRole("status").filter({ hasText: "Back Online" });
    await expect(back).toBeVisible();
    // 'Back Online' lasts three seconds, as everywhere else.
    await expect(back).toHaveCount(0, { timeout: 6_000 });
    await page.context().setOffline(true);
    await expect(lost).toBeVisible();
    await page.locator('[data-toast-name="connection-lost"] summary').click();
    await expect(lost).toHaveCount(0);
    await page.context().setOffline(false);
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

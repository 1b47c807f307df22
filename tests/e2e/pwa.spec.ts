import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The service worker is per origin, and each test has its own browser context, so tests stay independent.
// The config blocks service workers for every other spec; these tests are about it.
test.use({ serviceWorkers: "allow" });

/**
 * Waits until a service worker controls the page (the first visit claims it once activated).
 * Not page.waitForFunction: its predicate is not awaited, so an async one counts as met at once, and
 * `ready` can resolve before the worker's clients.claim() has made it the controller.
 */
async function waitForControllingWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      if (navigator.serviceWorker.controller) resolve();
    });
  });
}

/** Every URL held in Cache Storage, by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url);
    }
    return result;
  });
}

/** Body texts of every cached response that is HTML or JSON-ish (what a page or loader would be). */
function cachedDocumentTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        if (response && !/javascript|css|image|font|manifest/.test(type)) texts.push(await response.text());
      }
    }
    return texts;
  });
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("installable app", () => {
  test("the manifest is linked, valid, and every icon it names is a PNG of its stated size", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('head link[rel="manifest"][href="/manifest.webmanifest"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    await expect(page.locator('head meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
    await expect(page.locator('head meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", "Aangan");

    const response = await request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "Aangan", start_url: "/", display: "standalone", theme_color: "#a4510b" });
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ["Properties", "/properties"],
      ["Wallet", "/dashboard/wallet"],
      ["Notifications", "/dashboard/notifications"],
    ]);
    const pngs = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(pngs.filter((icon) => icon.purpose === "maskable").map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of [...pngs, { src: "/icons/apple-touch-icon.png", sizes: "180x180" }]) {
      const file = await request.get(icon.src);
      expect(file.headers()["content-type"], icon.src).toBe("image/png");
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    // Chromium's own reading: no manifest errors and nothing standing in the way of installing.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; url: string };
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
    const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    // Playwright's contexts are incognito, where Chromium never offers to install; nothing else may stand in the way.
    expect(installability.installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  });

  test("the service worker installs, precaches the shell and the offline page, and is served uncached", async ({ page, request }) => {
    await page.goto("/");
    await waitForControllingWorker(page);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(new URL(scriptUrl ?? "").pathname).toBe("/sw.js");

    const caches = await cachedUrls(page);
    const precache = Object.entries(caches).find(([name]) => name.startsWith("workbox-precache"))?.[1] ?? [];
    const paths = precache.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/offline.html", "/offline.css", "/offline.js", "/manifest.webmanifest"]));
    // The hashed shell: the entry script is in it (the stylesheet is inlined in every page, ADR 0042).
    expect(paths.some((path) => /^\/assets\/entry\.client-.*\.js$/.test(path))).toBe(true);
    // Nothing rendered by the server is precached.
    expect(paths.filter((path) => !/^\/(assets\/|icons\/|offline\.|favicon\.|manifest\.)/.test(path))).toEqual([]);

    const sw = await request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["service-worker-allowed"]).toBe("/");
    expect(sw.headers()["content-type"]).toContain("javascript");
  });
});

test.describe("offline", () => {
  async function goOffline(context: BrowserContext, page: Page) {
    await context.setOffline(true);
    await expect(page.getByRole("alert").filter({ hasText: "Connection Lost" })).toBeVisible();
  }

  test("a navigation without a connection shows the offline page, and it comes back by itself", async ({ page, context }) => {
    await page.goto("/");
    await waitForControllingWorker(page);
    await goOffline(context, page);

    await page.goto("/properties");
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Connection Lost");
    await expect(page.getByRole("status")).toContainText("You are currently offline. Some features may be unavailable.");
    await expect(page).toHaveTitle("Connection Lost · Aangan");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole("status")).toContainText("Back Online");
    // It reloads to the page that was asked for.
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0, { timeout: 10_000 });
    await expect(page.locator("main#main-content")).toBeVisible();
    await expect(page).toHaveURL(/\/properties$/);
  });

  test("'Try again' while still offline keeps the offline page", async ({ page, context }) => {
    await page.goto("/");
    await waitForControllingWorker(page);
    await goOffline(context, page);
    await page.goto("/dashboard/overview");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  });
});

test.describe("updates", () => {
  test("a waiting new version shows 'A new version is available', and Reload switches to it", async ({ page, context }) => {
    await page.goto("/");
    await waitForControllingWorker(page);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);

    // A new deployment, for this browser only: the server's e2e probe serves /sw.js with different bytes.
    await context.addCookies([{ name: "e2e_sw_build", value: "next", url: page.url() }]);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });

    const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    const axe = await new AxeBuilder({ page }).include("[data-update-prompt]").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(prompt).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.scriptURL };
    });
    expect(state).toEqual({ waiting: null, active: firstWorker });
  });
});

test.describe("signed-in data", () => {
  test("authenticated pages and loader data are never cached, and signing out clears the runtime caches", async ({
    page,
    context,
    signInAs,
  }) => {
    const { email } = await signInAs("large", { redirectTo: "/dashboard/overview" });
    await waitForControllingWorker(page);
    // Client-side navigations (single-fetch `.data`) and full page loads, with the worker in control.
    await page.getByRole("link", { name: "Transactions" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/transactions/);
    await page.goto("/properties");
    await expect(page.locator("main img").first()).toBeVisible();
    await page.goto("/dashboard/overview");

    const signedIn = await cachedUrls(page);
    const allUrls = Object.values(signedIn).flat();
    expect(
      allUrls.filter(
        (url) => !new URL(url).pathname.startsWith("/assets/") && /\/dashboard|\.data|\/events|\/kyc|receipt|\/auth/.test(url),
      ),
    ).toEqual([]);
    expect((await cachedDocumentTexts(page)).filter((text) => text.includes(email))).toEqual([]);
    // The public photos were cached at run time, so there is something for sign-out to clear.
    expect(signedIn["aangan-media"]?.length ?? 0).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect.poll(async () => Object.keys(await cachedUrls(page)).filter((name) => name.startsWith("aangan-"))).toEqual([]);
    expect(Object.keys(await cachedUrls(page)).some((name) => name.startsWith("workbox-precache"))).toBe(true);

    // Offline, the dashboard cannot be read from anywhere: the offline page answers instead.
    await context.setOffline(true);
    await page.goto("/dashboard/overview");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
  });
});

test.describe("content security policy", () => {
  test("pages that build zod schemas in the browser trip no CSP violation (zod's eval probe is off)", async ({ page, signInAs }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto("/properties");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await signInAs("large");
    const { id } = await page.evaluate(async () => {
      const link = document.querySelector<HTMLAnchorElement>('main a[href^="/invest/"]');
      return { id: link?.getAttribute("href")?.split("/")[2] ?? null };
    });
    expect(id).not.toBeNull();
    await page.goto(`/invest/${id}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});

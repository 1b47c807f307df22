import { gzipSync } from "node:zlib";
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// What keeps the signed-in pages fast on a phone (ADR 0042). Lighthouse itself runs in
// `npm run bench`, never here; these are the deterministic causes of its figures.
const SIGNED_IN_PAGES = [
  // The heaviest page: the buy form validates as you type.
  { path: "/invest/dummy-1", heading: "Skyline Residency, Bandra West", jsBudgetKiB: 160 },
  // A property with sell orders resting: the order book's panel brings its code too.
  { path: "/invest/cyber-hub-commercial", heading: "Cyber Hub Commercial Tower", jsBudgetKiB: 160 },
  { path: "/dashboard/overview", heading: "Overview", jsBudgetKiB: 130 },
  { path: "/dashboard/transactions", heading: "Transactions", jsBudgetKiB: 130 },
];

// Playwright's "networkidle" waits for 500 ms without a request in flight, and the page's event
// stream (live updates) stays open for as long as the page does; Playwright 1.59 counts it.
const QUIET_MS = 500;

async function loadWatching(page: Page, path: string) {
  const requests: { path: string; type: string }[] = [];
  const problems: string[] = [];
  const inFlight = new Set<Request>();
  // When a request last started or ended, so one that comes and goes between two polls counts.
  let lastActivity = Date.now();
  const settled = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on("request", (request) => {
    requests.push({ path: new URL(request.url()).pathname, type: request.resourceType() });
    if (request.resourceType() === "eventsource") return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Every request the page makes once it runs (lazy chunks, photos) has been answered.
  await expect
    .poll(() => (inFlight.size > 0 ? 0 : Date.now() - lastActivity), { intervals: [100], timeout: 20_000 })
    .toBeGreaterThanOrEqual(QUIET_MS);
  return { requests, problems };
}

for (const { path, heading, jsBudgetKiB } of SIGNED_IN_PAGES) {
  test.describe(`${path}, signed in`, () => {
    test("paints from its own HTML: the stylesheet is inlined under the CSP nonce, no stylesheet is fetched", async ({
      page,
      signInAs,
    }) => {
      await signInAs("large");
      const { requests, problems } = await loadWatching(page, path);
      expect(requests.filter((request) => request.type === "stylesheet")).toEqual([]);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      const inlined = page.locator("head style#app-stylesheet");
      await expect(inlined).toHaveCount(1);
      expect((await inlined.textContent())?.length ?? 0).toBeGreaterThan(20_000);
      // Applied, not refused by the CSP: the page's heading is bold (Tailwind's font-bold), and nothing was refused.
      const h1 = page.getByRole("heading", { level: 1, name: heading });
      await expect(h1).toHaveCSS("font-weight", "700");
      expect(problems).toEqual([]);
    });

    test(`asks for its scripts after what paints, loads no chart library and stays within ${jsBudgetKiB} KiB gzip of JavaScript`, async ({
      page,
      signInAs,
    }) => {
      await signInAs("large");
      // Nothing in the HTML asks for a module: the inline script does, once the page has painted (ADR 0091).
      const html = await (await page.request.get(path)).text();
      expect(html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
      expect(html).toContain("window.__aanganStart=");

      const { requests } = await loadWatching(page, path);
      const timings = await page.evaluate(() => ({
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scriptsFrom: Math.min(
          ...performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && new URL(entry.name).pathname.startsWith("/assets/"))
            .map((entry) => entry.startTime),
        ),
        // The photos marked high priority (the invest page's main photo) arrive before any script is asked for.
        photosIn: Math.max(
          0,
          ...Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')).map(
            (image) =>
              (performance.getEntriesByName(image.currentSrc)[0] as PerformanceResourceTiming | undefined)?.responseEnd ?? Infinity,
          ),
        ),
      }));
      expect(timings.firstContentfulPaint).not.toBeNull();
      expect(Number.isFinite(timings.scriptsFrom)).toBe(true);
      expect(timings.scriptsFrom).toBeGreaterThan(timings.firstContentfulPaint!);
      expect(timings.scriptsFrom).toBeGreaterThanOrEqual(timings.photosIn);
      // The route manifest comes with the page: no /__manifest round trips and re-renders after hydrating.
      expect(requests.filter((request) => request.path.startsWith("/__manifest"))).toEqual([]);
      const scripts = [...new Set(requests.filter((request) => request.type === "script").map((request) => request.path))];
      // The charts are laid out by the loaders; d3 stays on the server.
      expect(scripts.filter((script) => /\/d3-/.test(script))).toEqual([]);
      let gzipBytes = 0;
      for (const script of scripts) {
        const response = await page.request.get(script);
        expect(response.status(), script).toBe(200);
        gzipBytes += gzipSync(await response.body()).length;
      }
      expect(gzipBytes).toBeLessThanOrEqual(jsBudgetKiB * 1024);
    });
  });
}

import { expect, test, type DemoPersona } from "./support/fixtures";
import { rupees } from "./support/sign-in";
import { withE2eDatabase } from "./support/e2e-database";
import { PRICE_BANDS } from "../../app/domain/properties/catalogue-filters";

// What the server sends, before CSS or scripts: one navigation (a text browser prints it once),
// a document whose every element is inside <html>, and details a careful investor checks.

// A desktop Chrome, as a browser asks (bots and browsers get the same whole document, ADR 0103).
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

// `pageNavs`: the page's own other navigations (admin overview tabs), none a copy of another.
const SIGNED_IN_PAGES: { path: string; as: DemoPersona; sectionNav: string | null; pageNavs?: string[] }[] = [
  { path: "/properties", as: "large", sectionNav: null },
  { path: "/dashboard/overview", as: "large", sectionNav: "Dashboard" },
  { path: "/dashboard/wallet", as: "small", sectionNav: "Dashboard" },
  { path: "/waitlist-dashboard/overview", as: "waitlist", sectionNav: "Waitlist dashboard" },
  // The data-rights page is every signed-in user's (ADR 0082), in the frame of their own dashboard.
  { path: "/dashboard/data-rights", as: "waitlist", sectionNav: "Waitlist dashboard" },
  { path: "/dashboard/data-rights", as: "large", sectionNav: "Dashboard" },
  { path: "/admin", as: "admin", sectionNav: "Admin", pageNavs: ["Admin dashboard tabs"] },
];

const navLabels = (html: string) => [...html.matchAll(/<nav\b[^>]*\baria-label="([^"]*)"/g)].map((match) => match[1] ?? "");
const count = (html: string, needle: string) => html.split(needle).length - 1;

for (const { path, as, sectionNav, pageNavs = [] } of SIGNED_IN_PAGES) {
  test(`${path} (${as}) serves its navigation once, whatever the screen`, async ({ page, signInAs }) => {
    await signInAs(as);
    const response = await page.request.get(path, { headers: { "User-Agent": BROWSER } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const labels = navLabels(html);
    expect(labels.filter((label) => label === "Main")).toHaveLength(1);
    if (sectionNav) expect(labels.filter((label) => label === sectionNav)).toHaveLength(1);
    // Every navigation landmark is named, and none is a copy for another width: the main one,
    // the section's own, and the page's (pagination) and footer's lists, each once.
    expect(count(html, "<nav")).toBe(labels.length);
    expect(new Set(labels).size).toBe(labels.length);
    const allowed = new Set(["Main", "Footer", "Policies", "Pagination", ...(sectionNav ? [sectionNav] : []), ...pageNavs]);
    expect(labels.filter((label) => !allowed.has(label))).toEqual([]);
    // Each main navigation link once in the header (the footer has its own short list).
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(count(header, 'href="/properties"')).toBe(1);
    expect(count(header, ">Sign Out<")).toBe(1);
  });
}

for (const { path, as } of [
  { path: "/properties", as: null },
  { path: "/dashboard/overview", as: "large" as const },
  { path: "/admin", as: "admin" as const },
]) {
  test(`${path} is one well-formed document: every script inside it, nothing after </body>`, async ({ page, signInAs }) => {
    if (as) await signInAs(as);
    const response = await page.request.get(path, { headers: { "User-Agent": BROWSER } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const bodyEnd = html.indexOf("</body>");
    expect(bodyEnd).toBeGreaterThan(0);
    expect(count(html, "</body>")).toBe(1);
    // After </body>: only </html>, so the HTML parser never has to move anything back into the body.
    expect(html.slice(bodyEnd)).toMatch(/^<\/body>\s*<\/html>\s*$/);
    const headStart = html.indexOf("<head>");
    const scripts = [...html.matchAll(/<script\b/g)].map((match) => match.index);
    expect(scripts.length).toBeGreaterThan(0);
    for (const at of scripts) expect(at > headStart && at < bodyEnd, `a <script> at ${at} lies outside <head>/<body>`).toBe(true);
  });
}

test("a browser gets the catalogue whole: its loader data inside the body, no boundary moved into place by script (ADR 0103)", async ({
  page,
}) => {
  const html = await (await page.request.get("/properties", { headers: { "User-Agent": BROWSER } })).text();
  const bodyEnd = html.indexOf("</body>");
  const dataStart = html.indexOf("streamController.enqueue(");
  const dataEnd = html.indexOf("streamController.close()");
  expect(dataStart).toBeGreaterThan(0);
  expect(dataEnd).toBeGreaterThan(dataStart);
  expect(dataEnd).toBeLessThan(bodyEnd);
  // Streamed from the shell, React parked the data's boundaries in hidden elements and moved them with its $RC script.
  expect(html).not.toMatch(/\$RC\(|<template id="B:|<div hidden id="S:/);
});

test.describe("tables on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the fees table scrolls sideways, visibly and by keyboard", async ({ page }) => {
    await page.goto("/fees");
    const region = page.getByRole("region", { name: "Fees" });
    const sizes = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // Visibly: a drawn scrollbar (headless Chromium hides scrollbars, so its style is what can be
    // checked) and edge shadows that show there is more to the side.
    const look = await region.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { scrollbarColor: computed.scrollbarColor, backgroundImage: computed.backgroundImage };
    });
    expect(look.scrollbarColor).not.toBe("auto");
    expect(look.backgroundImage).toContain("radial-gradient");
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe("the catalogue's value bands", () => {
  for (const [band, { label, min, max }] of Object.entries(PRICE_BANDS)) {
    test(`${label} lists exactly the public properties whose value lies in it`, async ({ page }) => {
      const expected = await withE2eDatabase(async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM properties
           WHERE property_status IN ('upcoming','open','funded','closed') AND total_value >= $1 AND ($2::numeric IS NULL OR total_value < $2)`,
          [min, max],
        );
        return rows[0]!.n;
      });
      await page.goto(`/properties?price=${band}`);
      await expect(page.getByLabel("Property value")).toHaveValue(band);
      if (expected === 0) {
        await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
        return;
      }
      await expect(page.getByText(new RegExp(`of ${expected} propert`))).toBeVisible();
      // Every page of the result: each card's value, as the card shows it.
      const values: string[] = [];
      for (let pageNumber = 1; values.length < expected; pageNumber += 1) {
        if (pageNumber > 1) await page.goto(`/properties?price=${band}&page=${pageNumber}`);
        const onPage = await page
          .locator("article dl")
          .evaluateAll((lists) =>
            lists.map(
              (dl) =>
                [...dl.querySelectorAll("div")]
                  .find((row) => row.querySelector("dt")?.textContent === "Property value")
                  ?.querySelector("dd")?.textContent ?? "",
            ),
          );
        expect(onPage.length).toBeGreaterThan(0);
        values.push(...onPage);
      }
      expect(values).toHaveLength(expected);
      for (const text of values) {
        const value = rupees(text);
        expect(value >= Number(min) && (max === null || value < Number(max)), `${text} in ${label}`).toBe(true);
      }
    });
  }
});

test("watchlist notes say staff may read them, and the privacy page says so too", async ({ page, signInAs }) => {
  await signInAs("large", { redirectTo: "/dashboard/watchlist" });
  const notes = page.getByRole("textbox", { name: /^Notes on / }).first();
  await expect(notes).toHaveAccessibleDescription(/Aangan staff may read your notes/);
  await page.goto("/privacy");
  await expect(page.getByText(/Notes you write on your watchlist are not private: Aangan staff may read them/)).toBeVisible();
});

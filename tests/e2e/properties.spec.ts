import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const cards = (page: Page) => page.getByRole("list", { name: "Property results" }).getByRole("article");

test("a signed-out visitor browses, filters through the URL, pages and clears", async ({ page }) => {
  await page.goto("/properties");
  await expect(page.getByRole("heading", { name: "Properties", level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByText("SOLD OUT").first()).toBeVisible();
  const firstCard = cards(page).first();
  await expect(firstCard.getByText("Share price")).toBeVisible();
  await expect(firstCard.getByText("Expected ROI")).toBeVisible();
  await expect(firstCard.getByText("Min. investment")).toBeVisible();
  await expect(firstCard.getByRole("progressbar", { name: "Funded" })).toBeVisible();

  // Real pagination: page 2 has the rest, and its links keep working.
  const firstTitle = await firstCard.getByRole("heading").innerText();
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
  await expect(page.getByText(/^Showing 13–\d+ of \d+ properties$/)).toBeVisible();
  await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstTitle);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has("page"));

  // A filter changes the address and the results.
  // With JavaScript a choice applies at once; there is no Apply button to press.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Apply Filters" })).toHaveCount(0);
  await page.getByLabel("Property type").selectOption("commercial");
  await expect(page).toHaveURL((url) => url.search === "?type=commercial");
  // The address can change a moment before the filtered list replaces the old one.
  await expect.poll(() => cards(page).count()).toBeLessThan(12);
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  for (const text of await cards(page).locator("p").filter({ hasText: "·" }).allInnerTexts()) {
    expect(text).toMatch(/· (Commercial|Office|Retail)$/);
  }
  // Refresh is gone (it did nothing the browser's reload does not); reloading keeps the filter.
  await expect(page.getByRole("link", { name: "Refresh" })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL((url) => url.search === "?type=commercial");
  await expect(cards(page)).toHaveCount(count);

  await page.getByLabel("Expected ROI").selectOption("5-7");
  await expect(page).toHaveURL((url) => url.searchParams.get("roi") === "5-7" && url.searchParams.get("type") === "commercial");
  await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();

  await page.getByRole("link", { name: "Clear all", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/properties" && url.search === "");
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByLabel("Property type")).toHaveValue("");
});

test("signed-out controls ask for sign-in: the watchlist via /auth, Invest via the invest page", async ({ page }) => {
  await page.goto("/properties?type=commercial");
  const watch = page.getByRole("link", { name: /^Please sign in to add .+ to your watchlist$/ }).first();
  await expect(watch).toHaveAttribute("href", "/auth?redirectTo=%2Fproperties%3Ftype%3Dcommercial");
  const invest = cards(page)
    .first()
    .getByRole("link", { name: /^Invest/ });
  const href = await invest.getAttribute("href");
  expect(href).toMatch(/^\/invest\/[\w-]+$/);
  await invest.click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === href);
});

test("signed in, every card offers the watchlist itself, never a sign-in", async ({ page, signInAs }) => {
  await signInAs("small@demo.aangan.in", { redirectTo: "/properties" });
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole("link", { name: /sign in to add/ })).toHaveCount(0);
  await expect(
    page.getByRole("link", { name: /^Save .* to your watchlist$/ }).or(page.getByRole("button", { name: /from your watchlist$/ })),
  ).toHaveCount(12);
});

test.describe("photos on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

  test("cards offer sharp-resized copies with their size; the first loads at once, a copy fits, and media is cached long", async ({
    page,
  }) => {
    // One demo city, so properties other specs create (without photos) cannot push demo cards off the page.
    await page.goto("/properties?city=Bengaluru");
    const photos = page.getByRole("list", { name: "Property results" }).locator("article img");
    await expect(photos).toHaveCount(2);
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute("srcset", /-480w\.webp 480w, .*-720w\.webp 720w, .*-960w\.webp 960w, .*\.webp 1200w$/);
      await expect(photo).toHaveAttribute("width", "800");
      await expect(photo).toHaveAttribute("height", "600");
      await expect(photo).toHaveAttribute("sizes", /calc\(100vw - 2rem\)$/);
    }
    // The first card fills a phone's screen and is its largest paint; the rest wait until scrolled to.
    await expect(photos.first()).toHaveAttribute("loading", "eager");
    await expect(photos.first()).toHaveAttribute("fetchpriority", "high");
    await expect(photos.nth(1)).toHaveAttribute("loading", "lazy");
    await expect(photos.nth(1)).not.toHaveAttribute("fetchpriority", /.*/);

    // 358 CSS px at 2x: the 720 px copy, not the 1200 px original.
    await expect
      .poll(() => photos.first().evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : "")))
      .toMatch(/-720w\.webp$/);
    const chosen = await photos.first().evaluate((img: HTMLImageElement) => img.currentSrc);

    const copy = await page.request.get(chosen);
    const original = await page.request.get(chosen.replace(/-720w\.webp$/, ".webp"));
    for (const response of [copy, original]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers()["cache-control"] ?? "")?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    }
    expect((await copy.body()).length).toBeLessThan((await original.body()).length / 2);
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and pagination are plain GET navigation", async ({ page }) => {
    await page.goto("/properties");
    await page.getByLabel("Property value").selectOption("83l-plus");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("price") === "83l-plus");
    await expect(page.getByLabel("Property value")).toHaveValue("83l-plus");
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("price") === "83l-plus" && url.searchParams.get("page") === "2");
    await page.getByLabel("Property value").selectOption("under-41.5l");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
  });
});

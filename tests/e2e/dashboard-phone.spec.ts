import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The investor's dashboard pages hold on a 390-pixel-wide phone
 * screen: nothing runs off the side, and the bell's popover opens inside the screen.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("the investor's dashboard pages and the bell's popover fit a 390 px phone", async ({ page, signInAs }) => {
  await signInAs("large");
  for (const [path, heading] of [
    ["/dashboard/overview", "Overview"],
    ["/dashboard/watchlist", "Watchlist"],
    ["/dashboard/notifications", "Notifications"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }

  const bell = page.getByRole("button", { name: /^Notifications,/ });
  await bell.click();
  const popover = page.getByRole("region", { name: "Latest notifications" });
  await expect(popover).toBeVisible();
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
});

test("the waitlist dashboard's pages fit a 390 px phone", async ({ page, signInAs }) => {
  await signInAs("waitlist");
  for (const [path, heading] of [
    ["/waitlist-dashboard/overview", "Overview"],
    ["/waitlist-dashboard/wallet", "Wallet"],
    ["/waitlist-dashboard/watchlist", "Watchlist"],
    ["/waitlist-dashboard/learn", /./],
    ["/waitlist-dashboard/support", /./],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

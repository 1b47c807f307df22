import { expect, test } from "./support/fixtures";
import type { DemoPersona } from "./support/fixtures";
import { recordReactCommits } from "./support/react-commits";

const PAGES: { path: string; as: DemoPersona }[] = [
  { path: "/properties", as: "small" },
  { path: "/invest/dummy-1", as: "small" },
  { path: "/dashboard/overview", as: "large" },
  { path: "/dashboard/transactions", as: "large" },
];

// The header's menu and bell switch to their scripted controls; the forms' no-JavaScript
// buttons go. Those few components, not the forms and lists around them.
const MOST_RENDERED_AFTER_HYDRATION = 10;

/**
 * A component that asks whether the page has hydrated renders again, synchronously and with
 * everything it draws, in the task that ends hydration: on a phone that task is what blocks a
 * tap (Lighthouse's total blocking time). The buy calculator, the catalogue's filters and the
 * dashboard's property list asked, and the bell mounted its closed panel's twenty links then:
 * 51 to 80 components rendered again. Only the switching leaves may.
 */
for (const { path, as } of PAGES) {
  test(`hydrating ${path} re-renders only the controls that switch`, async ({ page, signInAs }) => {
    const commits = await recordReactCommits(page);
    await signInAs(as);
    await page.goto(path, { waitUntil: "load" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const [hydration, afterHydration] = await commits();
    expect(hydration!.components).toBeGreaterThan(100);
    expect(afterHydration?.rendered ?? 0).toBeLessThanOrEqual(MOST_RENDERED_AFTER_HYDRATION);
  });
}

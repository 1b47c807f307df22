import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { labelOf, PAGES, recordAxeRow, WCAG_TAGS, WIDTHS, type Row } from "./support/axe-pages";

// Every main page, public, investor, waitlist and admin, checked by axe-core against the
// WCAG 2.0/2.1/2.2 A and AA rules at a phone width and at desktop width. A serious or
// critical violation fails the page; the counts of every impact go into a table
// (test-results/axe-table.md, written by the e2e global teardown) for the release notes.
// No rule is switched off, and the experimental label-in-name rule is switched on.

// Pages served without React (ADR 0024) never hydrate; the others are checked once React runs.
async function waitForHydration(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => "__remixContext" in window)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

// Each check stands alone, so they share the workers with every other spec (fullyParallel); the
// table is written from their rows after the run (support/axe-pages.ts).
for (const width of WIDTHS) {
  test.describe(`at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    for (const entry of PAGES) {
      const label = labelOf(entry);
      test(`${label} (${entry.as}) has no serious or critical WCAG violation`, async ({ page, signInAs }, testInfo) => {
        if (entry.as !== "visitor") await signInAs(entry.as);
        const target = typeof entry.path === "string" ? entry.path : await entry.path();
        const response = await page.goto(target);
        expect(response?.status(), `${target} answered`).toBeLessThan(400);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page })
          .withTags(WCAG_TAGS)
          // WCAG 2.5.3 (label in name) is marked experimental in axe, so it is off unless asked for.
          .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
          .analyze();
        const count = (impact: string) => results.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
        const row: Row = {
          page: label,
          as: entry.as,
          width: width.name,
          critical: count("critical"),
          serious: count("serious"),
          moderate: count("moderate"),
          minor: count("minor"),
        };
        recordAxeRow(row);
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
        if (blocking.length > 0)
          await testInfo.attach("axe violations", { body: JSON.stringify(blocking, null, 2), contentType: "application/json" });
        expect(blocking, `${target} at ${width.name}`).toEqual([]);
      });
    }
  });
}

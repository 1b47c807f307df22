import { expect, test } from "@playwright/test";

/**
 * A contract with the test runner rather than with the app (ADR 0113). Playwright 1.60 to 1.65
 * render an accessibility snapshot of the whole page on every poll of an assertion whose
 * element is not there yet (microsoft/playwright#41098). With two workers on two cores and the
 * CPU slowed 4×, each snapshot of an admin page took up to two seconds of the page's main
 * thread, so React could not render the answer the assertion was waiting for: five of twelve
 * such runs of the admin walk failed, one of twelve without the snapshots. This holds the
 * runner to waiting without walking the page's accessibility tree, so a version that brings it
 * back is seen here rather than as a flaky journey.
 */
test("an assertion waiting for an element does not build the page's accessibility tree on each poll", async ({ page }) => {
  const rows = Array.from({ length: 2_000 }, (_, i) => `<li><a href="#r${i}">Row ${i}</a> <button>Open ${i}</button></li>`);
  await page.setContent(`<main><h1>Rows</h1><ul>${rows.join("")}</ul></main>`);

  // Precise coverage counts every call of every function in the page, the runner's own
  // injected script included; the function names say what the runner did while it waited.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await cdp.send("Profiler.takePreciseCoverage");

  const waited = await expect(page.getByText("Saved successfully"))
    .toBeVisible({ timeout: 1_500 })
    .then(() => "appeared")
    .catch(() => "timed out");
  const { result } = await cdp.send("Profiler.takePreciseCoverage");
  await cdp.send("Profiler.stopPreciseCoverage");

  const calls = new Map<string, number>();
  for (const script of result) {
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count > 0 && fn.functionName) calls.set(fn.functionName, (calls.get(fn.functionName) ?? 0) + count);
    }
  }
  expect(waited).toBe("timed out");
  // The wait did run page-side code (the text engine's matching): the coverage saw the runner.
  expect([...calls.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(rows.length);
  // Setting up its engines touches an accessibility helper or two; a walk of the page's tree
  // calls them once per element per poll (tens of thousands of calls here).
  const accessibilityCalls = [...calls].filter(([name]) => /aria/i.test(name)).reduce((sum, [, count]) => sum + count, 0);
  expect(accessibilityCalls).toBeLessThan(rows.length / 10);
});

import path from "node:path";
import { build } from "vite";
import { expect, test } from "@playwright/test";

// ADR 0114. A clean CI run lost "Property updated successfully": the save's answer carried it,
// React rendered the page, and no toast showed, because a dismissal dispatched while React
// rendered the navigation was later applied to the queue as it was before the toast joined.
// This runs the app's ToastProvider in Chromium under React's concurrent renderer and makes
// that moment happen every time; no server is involved.
let harness = "";

test.beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const output = await build({
    configFile: false,
    logLevel: "silent",
    root,
    resolve: { alias: { "~": path.join(root, "app") } },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(root, "tests/e2e/support/toast-race-harness.tsx"), formats: ["iife"], name: "toastRace" },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = "output" in result ? result.output.find((file) => file.type === "chunk") : undefined;
  if (!chunk || chunk.type !== "chunk") throw new Error("vite produced no bundle for the toast harness");
  harness = chunk.code;
});

test("a flashed toast that arrives in a transition stays while the queue gets other updates", async ({ page }) => {
  await page.setContent('<div id="root"></div>');
  await page.addScriptTag({ content: harness });
  for (let round = 0; round < 3; round++) {
    const shown = await page.evaluate(
      (n) => (window as unknown as { flashWhileTheQueueChanges: (n: number) => Promise<string[]> }).flashWhileTheQueueChanges(n),
      round,
    );
    expect(shown, `round ${round}`).toContain("Property updated successfully");
  }
});

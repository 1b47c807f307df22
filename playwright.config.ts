import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
// One data directory per port, so two runs on different ports never share a database.
export const E2E_DATA_DIR = `.data/e2e-${PORT}`;
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

// The e2e server's environment. The sign-in fixture (tests/e2e/support/fixtures.ts) runs the
// app's own session code under it, so the sessions it writes are ones this server would write.
export const E2E_SERVER_ENV: Record<string, string> = {
  NODE_ENV: "production",
  // One process: specs probe per-process state (event-stream subscribers).
  WEB_CONCURRENCY: "1",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: E2E_DATA_DIR,
  SESSION_SECRET: E2E_SESSION_SECRET,
  DEMO_MODE: "true",
  E2E_PROBES: "true",
  // UPI and net-banking deposits against the app's own Razorpay stand-in (ADR 0061).
  PAYMENTS_PROVIDER: "stand-in",
  RATE_LIMIT_PER_MINUTE: "100000",
  RATE_LIMIT_SIGN_IN_PER_MINUTE: "100000",
  RATE_LIMIT_MONEY_PER_MINUTE: "100000",
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: "100000",
  RATE_LIMIT_READS_PER_MINUTE: "100000",
  LOG_LEVEL: "warn",
  // A statement over a second, or a wait for a lock, leaves a line in the run's output.
  EMBEDDED_POSTGRES_LOG_SLOW_MS: "1000",
};

// Debian's Chromium; Playwright's own browser download cannot run here. The flags keep
// it from reaching for Google's hosts on a machine with no outside network.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start; keep it apart from the runners' reports.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  // CI shares two cores between the server, its PostgreSQL and two browsers; a journey that
  // takes 20 s alone can take 40 s there. A test's timeout is a hang guard, not a speed
  // target (those live in `npm run bench`), so CI gives each test twice the local budget.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  // The accessibility table (test-results/axe-table.md) is cleared before the run and written after it.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    // Each new context's first page would install the service worker, which precaches every
    // asset (180-odd files) while the test drives the page: on CI's two cores that download
    // delayed a KYC decision's reload past the 7 s expect timeout. Only the specs about the
    // installable app (pwa, landing) allow it; contexts made in a test inherit this option.
    serviceWorkers: "block",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/ },
  ],
  // A production build served by server.ts on its own fresh embedded database.
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${E2E_BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets server.ts drain and stop its embedded PostgreSQL; the default SIGKILL
    // would leave the cluster running, and npm test checks its ledger afterwards.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: E2E_SERVER_ENV,
  },
});

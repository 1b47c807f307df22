import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SESSION_SECRET } from "../../playwright.config";
import { startAppProcess, type AppProcess } from "../setup/app-process";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

/**
 * The live-revalidation hook (app/components/realtime/use-live-revalidation.ts) reloads the
 * page's loaders after its event stream reconnects, because events sent while it was down
 * are lost. A second app process on the e2e database serves the page; it is restarted on
 * the same port (as a deployment would), an alert is written meanwhile with no event at
 * all, and only the reconnect can bring it to the bell.
 */

function e2eDatabaseUrl(): string {
  const pid = readFileSync(path.join(path.resolve(E2E_DATA_DIR), "pg", "postmaster.pid"), "utf8").split("\n");
  return `postgresql://postgres:aangan-local@127.0.0.1:${Number(pid[3])}/aangan`;
}

const processEnv = () => ({
  DATABASE_URL: e2eDatabaseUrl(),
  SEED_DEMO_DATA: "false",
  SESSION_SECRET: E2E_SESSION_SECRET,
  RATE_LIMIT_PER_MINUTE: "100000",
});

let server: AppProcess | undefined;

test.afterAll(async () => {
  await server?.stop();
});

test("after its event stream was cut and reconnects, a page reloads what it missed", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  server = await startAppProcess(processEnv());
  const port = Number(new URL(server.baseUrl).port);

  const email: `${string}@${string}` = `live-reconnect-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { userId } = await signInAs(email);
  // A fresh investor of its own, so no other test's alerts change its count.
  await withE2eDatabase((client) =>
    client.query(
      "UPDATE user_profiles SET tier = 'small_investor', kyc_status = 'approved', subscription_active = true WHERE user_id = $1",
      [userId],
    ),
  );
  // The session cookie is per host; the second process listens on 127.0.0.1.
  const [cookie] = await page.context().cookies(E2E_BASE_URL);
  await page.context().addCookies([{ ...cookie!, domain: "127.0.0.1" }]);

  const isStream = (url: string) => new URL(url).pathname === "/events";
  const streamOpened = page.waitForResponse((response) => isStream(response.url()));
  await page.goto(`${server.baseUrl}/dashboard/notifications`);
  expect((await streamOpened).status()).toBe(200);
  const bell = page.getByRole("button", { name: /^Notifications,/ });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // The process goes away (its streams end), the alert is written with no event, and the
  // process comes back on the same address.
  expect(await server.stop()).toBe(0);
  const title = `Missed while away ${Date.now()}`;
  await withE2eDatabase((client) =>
    client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'No event was sent')", [
      userId,
      title,
    ]),
  );
  await page.waitForTimeout(1_000);
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  const reconnected = page.waitForResponse((response) => isStream(response.url()) && response.status() === 200, { timeout: 30_000 });
  server = await startAppProcess(processEnv(), { port });
  await reconnected;
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SESSION_SECRET } from "../../playwright.config";
import { startAppProcess, type AppProcess } from "../setup/app-process";
import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

/**
 * Two app processes on one database: process A is Playwright's e2e server, process B is
 * started here on the same PostgreSQL. An alert announced through A reaches the bell of a
 * page served by B, without a reload.
 */

let processB: AppProcess;

function e2eDatabaseUrl(): string {
  const pid = readFileSync(path.join(path.resolve(E2E_DATA_DIR), "pg", "postmaster.pid"), "utf8").split("\n");
  return `postgresql://postgres:aangan-local@127.0.0.1:${Number(pid[3])}/aangan`;
}

test.beforeAll(async () => {
  processB = await startAppProcess({
    DATABASE_URL: e2eDatabaseUrl(),
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: E2E_SESSION_SECRET,
    RATE_LIMIT_PER_MINUTE: "100000",
    // For /__probe/live-subscribers: how many event streams process B serves.
    E2E_PROBES: "true",
  });
});

test.afterAll(async () => {
  await processB?.stop();
});

test("an alert published through process A appears in the bell on process B without a reload", async ({ page, signInAs }) => {
  const { userId } = await signInAs("small");
  // The session cookie is per host; process B listens on 127.0.0.1.
  const [cookie] = await page.context().cookies(E2E_BASE_URL);
  await page.context().addCookies([{ ...cookie!, domain: "127.0.0.1" }]);

  await page.goto(`${processB.baseUrl}/dashboard/notifications`);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // Scripts are running once the bell is a button rather than the no-JavaScript link.
  const bell = page.getByRole("button", { name: /^Notifications,/ });
  await expect(bell).toBeVisible();
  const before = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM user_alerts WHERE user_id = $1 AND NOT is_read", [
      userId,
    ]);
    return Number(rows[0]!.n);
  });
  await expect(bell).toHaveAccessibleName(before === 0 ? "Notifications, none unread" : `Notifications, ${before} unread`);
  // Give the page's event stream a moment to connect before anything is published.
  await page.waitForTimeout(500);

  const title = `Live bell ${Date.now()}`;
  const alertId = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'Sent through process A') RETURNING id",
      [userId, title],
    );
    return rows[0]!.id;
  });
  const published = await fetch(`${E2E_BASE_URL}/__probe/publish?channel=alerts:${userId}&type=alert&id=${alertId}`, { method: "POST" });
  expect(published.ok).toBe(true);

  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 5_000 });
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await bell.click();
  const popover = page.getByRole("region", { name: "Latest notifications" });
  await expect(popover.getByText(title)).toBeVisible();

  // Mark all read from the popover clears the count.
  await popover.getByRole("button", { name: /^Mark all read/ }).click();
  await expect(page.getByRole("button", { name: "Notifications, none unread" })).toBeVisible();
});

test("the bell stays live on a page with no stream of its own, with one event stream per tab", async ({ page, signInAs }) => {
  const { userId } = await signInAs(`bell-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`);
  await withE2eDatabase((client) =>
    client.query("UPDATE user_profiles SET tier = 'small_investor', subscription_active = true WHERE user_id = $1", [userId]),
  );
  const [cookie] = await page.context().cookies(E2E_BASE_URL);
  await page.context().addCookies([{ ...cookie!, domain: "127.0.0.1" }]);
  const streamsOnB = async () => {
    const response = await fetch(`${processB.baseUrl}/__probe/live-subscribers`);
    return ((await response.json()) as { subscribers: number }).subscribers;
  };

  // The welcome page opens no stream itself: the bell opens one.
  await page.goto(`${processB.baseUrl}/welcome`);
  const bell = page.getByRole("button", { name: /^Notifications,/ });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect.poll(streamsOnB).toBe(1);

  const title = `Welcome-page alert ${Date.now()}`;
  const alertId = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'Sent through process A') RETURNING id",
      [userId, title],
    );
    return rows[0]!.id;
  });
  const published = await fetch(`${E2E_BASE_URL}/__probe/publish?channel=alerts:${userId}&type=alert&id=${alertId}`, { method: "POST" });
  expect(published.ok).toBe(true);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  await bell.click();
  const popover = page.getByRole("region", { name: "Latest notifications" });
  await expect(popover.getByText(title)).toBeVisible();
  await expect(popover.getByRole("button", { name: "Mark all read (1)" })).toBeEnabled();

  // A page with its own stream (the dashboard's) does not get a second one from the bell,
  // and coming back hands the stream to the bell again.
  await page.getByRole("link", { name: "All notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect.poll(streamsOnB).toBe(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/welcome$/);
  await withE2eDatabase((client) =>
    client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', 'Second', 'Again')", [userId]),
  );
  // Published until heard: the bell's stream connects a moment after the page changed.
  await expect(async () => {
    await fetch(`${E2E_BASE_URL}/__probe/publish?channel=alerts:${userId}&type=alert`, { method: "POST" });
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect.poll(streamsOnB).toBe(1);
});

test("an explorer's /notifications list takes a new alert without a reload", async ({ page, signInAs }) => {
  const { userId } = await signInAs(`explorer-live-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`);
  await page.goto("/notifications");
  await expect(page.getByRole("main").getByText("No notifications yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Notifications, none unread" })).toBeVisible();
  const title = `Explorer live ${Date.now()}`;
  const alertId = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'Live') RETURNING id",
      [userId, title],
    );
    return rows[0]!.id;
  });
  await expect(async () => {
    await fetch(`${E2E_BASE_URL}/__probe/publish?channel=alerts:${userId}&type=alert&id=${alertId}`, { method: "POST" });
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the bell is a link to the notifications page, where Mark read works as a form", async ({ page, signInAs }) => {
    const { userId } = await signInAs("large");
    const title = `No-JS alert ${Date.now()}`;
    await withE2eDatabase((client) =>
      client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'Read me')", [userId, title]),
    );
    await page.goto("/welcome");
    await page.getByRole("link", { name: /^Notifications,/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    await page.getByRole("button", { name: `Mark read: ${title}` }).click();
    await expect(page.getByRole("button", { name: `Mark read: ${title}` })).toHaveCount(0);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  });

  test("for an explorer, who has no dashboard, the bell leads to /notifications, where Mark read works", async ({ page, signInAs }) => {
    const { userId } = await signInAs(`explorer-bell-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`);
    const title = `Explorer alert ${Date.now()}`;
    await withE2eDatabase((client) =>
      client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'test', $2, 'For you')", [userId, title]),
    );
    await page.goto("/welcome");
    await page.getByRole("link", { name: "Notifications, 1 unread" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/notifications");
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: `Mark read: ${title}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/notifications");
    await expect(page.getByRole("button", { name: `Mark read: ${title}` })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
  });
});

import { withE2eDatabase } from "./support/e2e-database";
import { expect, test } from "./support/fixtures";

test("a small investor saves a property with notes, sees the live counter and the 500-character limit @mobile", async ({
  page,
  signInAs,
}) => {
  const email = `watcher-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in` as const;
  const { userId } = await signInAs(email);
  await withE2eDatabase((client) =>
    client.query("UPDATE user_profiles SET tier = 'small_investor', subscription_active = true WHERE user_id = $1", [userId]),
  );
  await page.goto("/properties");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .first();
  const title = (await card.getByRole("heading", { level: 2 }).textContent())!.trim();
  await card.getByRole("link", { name: `Save ${title} to your watchlist` }).click();

  const dialog = page.getByRole("dialog", { name: "Save to watchlist" });
  const notes = dialog.getByLabel("Notes (optional)");
  await expect(dialog.getByText("0/500 characters")).toBeVisible();
  await notes.fill("Close to the new metro line");
  await expect(dialog.getByText("27/500 characters")).toBeVisible();
  // The field stops at 500 characters.
  await notes.fill("x".repeat(600));
  await expect(notes).toHaveValue("x".repeat(500));
  await expect(dialog.getByText("500/500 characters")).toBeVisible();
  await notes.fill("Close to the new metro line");
  await dialog.getByRole("button", { name: "Save to watchlist" }).click();

  await expect(page).toHaveURL(/\/properties/);
  await expect(page.getByRole("button", { name: `Remove ${title} from your watchlist` })).toBeVisible();

  await page.goto("/dashboard/watchlist");
  await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  await expect(page.getByLabel(`Notes on ${title}`)).toHaveValue("Close to the new metro line");
  const events = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ event_name: string }>(
      "SELECT event_name FROM user_events WHERE user_id = $1 ORDER BY created_at",
      [userId],
    );
    return rows.map((row) => row.event_name);
  });
  expect(events).toEqual(expect.arrayContaining(["watchlist_toggle", "note_updated"]));

  await page.getByRole("button", { name: `Remove ${title} from your watchlist` }).click();
  await expect(page.getByRole("link", { name: "Browse Properties" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an explorer saves without notes and is told why notes are locked", async ({ page, signInAs }) => {
  await signInAs(`explorer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`);
  await page.goto("/properties");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .first();
  const title = (await card.getByRole("heading", { level: 2 }).textContent())!.trim();
  await card.getByRole("button", { name: `Save ${title} to your watchlist` }).click();
  await expect(page.getByRole("button", { name: `Remove ${title} from your watchlist` })).toBeVisible();
  await page.goto("/watchlist");
  await expect(page.getByText(/^Notes feature requires waitlist player tier or higher/)).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the investment page saves to and removes from the watchlist with plain forms, and comes back to itself", async ({
    page,
    signInAs,
  }) => {
    await signInAs(`invest-watch-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`);
    await page.goto("/invest/lonavala-hillside-retreat");
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByRole("button", { name: `Save ${title} to your watchlist` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/invest/lonavala-hillside-retreat");
    await expect(page.getByText("Added to watchlist")).toBeVisible();
    await page.getByRole("button", { name: `Remove ${title} from your watchlist` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/invest/lonavala-hillside-retreat");
    await expect(page.getByRole("button", { name: `Save ${title} to your watchlist` })).toBeVisible();
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";

// The e2e server has no AI_* settings, so the offline analyser runs: real language
// processing of the seeded notes, no network.
const PAGE = "/admin/notes-analysis";
const NO_NOTES = "No notes found for this property. Users need to add notes before analysis can be performed.";

const panel = (page: import("@playwright/test").Page, propertyId: string) => page.locator(`article[data-property-id="${propertyId}"]`);

test("an admin runs the analysis of a demo property and sees the result; a property without notes says so", async ({ page, signInAs }) => {
  await signInAs("admin", { redirectTo: PAGE });
  await expect(page.getByRole("heading", { level: 1, name: "Notes Analysis" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  const bandra = panel(page, "dummy-1");
  await expect(bandra.getByRole("heading", { name: "Skyline Residency, Bandra West" })).toBeVisible();
  await bandra.getByRole("button", { name: /^(Re-)?[Rr]un analysis$/ }).click();
  await expect(page.getByText(/Analysis (started|already running)/).first()).toBeVisible();

  // The job finishes in the background; live events bring the result in without a reload.
  await expect(bandra.getByText(/^Investment appeal \d+\/10 · (Excellent|Good|Fair|Poor)$/)).toBeVisible({ timeout: 20_000 });
  await expect(bandra.getByText(/^Offline analysis of \d+ notes ·/)).toBeVisible();
  await expect(bandra.getByText(/^Offline analysis \(no AI model\): wink-nlp/)).toBeVisible();
  await expect(bandra.getByText(/^\d+ notes on Skyline Residency, Bandra West; overall (positive|negative|mixed|neutral)/)).toBeVisible();
  await expect(bandra.getByRole("heading", { name: "Common concerns" })).toBeVisible();
  await expect(bandra.getByRole("heading", { name: "Positive highlights" })).toBeVisible();
  await expect(bandra.getByRole("button", { name: "Re-run analysis" })).toBeEnabled();

  const noNotes = panel(page, "cyber-hub-commercial");
  await expect(noNotes.getByText(NO_NOTES)).toBeVisible();
  await expect(noNotes.getByRole("button")).toHaveCount(0);
  // A hand-made post for it is refused with the same message, as a 4xx.
  const refused = await page.request.post(PAGE, {
    form: { propertyId: "cyber-hub-commercial" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain(NO_NOTES);
  expect((await new AxeBuilder({ page }).include('article[data-property-id="dummy-1"]').analyze()).violations.map((v) => v.id)).toEqual([]);
});

test("a non-admin is sent away from the notes analysis page", async ({ page, signInAs }) => {
  await signInAs("small", { redirectTo: PAGE });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Run form starts the job and the page refreshes itself until the result is there @mobile", async ({ page, signInAs }) => {
    await signInAs("admin", { redirectTo: PAGE });
    const chakan = panel(page, "chakan-logistics-park");
    await chakan.getByRole("button", { name: /^(Re-)?[Rr]un analysis$/ }).click();
    await expect(page).toHaveURL(/\/admin\/notes-analysis/);
    await expect(chakan.getByText(/^Investment appeal \d+\/10/)).toBeVisible({ timeout: 25_000 });
    await expect(chakan.getByText(/^1 note is written partly in Hinglish\.$/)).toBeVisible();
    await expect(chakan.getByText(/^1 note uses emoji\.$/)).toBeVisible();
  });
});

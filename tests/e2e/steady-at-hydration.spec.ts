import { expect, test } from "./support/fixtures";
import { holdScripts } from "./support/hold-scripts";
import type { DemoPersona } from "./support/fixtures";
import type { Page } from "@playwright/test";

type Control = { label: string; x: number; y: number; width: number; height: number };

/** Every visible control with its label and box. The tag is left out: a link may become a button in place. */
const controls = (page: Page): Promise<Control[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("a, button, input, select, textarea, summary"))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .map(({ element, box }) => ({
        label: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40),
        x: Math.round(box.x + window.scrollX),
        y: Math.round(box.y + window.scrollY),
        width: Math.round(box.width),
        height: Math.round(box.height),
      })),
  );

const key = (control: Control) => `${control.label} @ ${control.x},${control.y}`;
const overlaps = (a: Control, b: Control) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What a press aimed at the drawn page would hit instead once the scripts ran: a control that
 * moved (its corner by more than 2 px, so a 1–2 px rounding of a border is no move), or one
 * now covering the place of a control that went away (the forms' no-JavaScript buttons go).
 */
function movedUnderThePointer(drawn: Control[], hydrated: Control[]): string[] {
  return drawn.flatMap((before) => {
    const same = hydrated.filter((control) => control.label === before.label);
    if (same.length === 0) {
      return hydrated
        .filter((control) => overlaps(control, before))
        .map((control) => `${key(control)} covers the place of "${before.label}"`);
    }
    const stayed = same.some((control) => Math.abs(control.x - before.x) <= 2 && Math.abs(control.y - before.y) <= 2);
    return stayed ? [] : [`${key(before)} moved to ${same.map(key).join(", ")}`];
  });
}

const PAGES: { path: string; as: DemoPersona }[] = [
  { path: "/dashboard/overview", as: "large" },
  { path: "/dashboard/wallet", as: "small" },
  { path: "/dashboard/transactions", as: "large" },
  { path: "/properties", as: "small" },
  { path: "/invest/dummy-1", as: "small" },
  { path: "/admin/notes-analysis", as: "admin" },
  { path: "/admin/kyc", as: "admin" },
];

/**
 * A page's scripts start after its first paint (ADR 0091), up to seconds later on a slow
 * phone, while the reader can already press what the server drew. Whatever React does when it
 * takes over must leave every control where it was: the dashboard's sidebar opening its
 * property list then moved Sign Out 280 pixels down under the pointer.
 */
for (const { path, as } of PAGES) {
  test(`no control moves when the scripts of ${path} take over @mobile`, async ({ page, signInAs }) => {
    const release = await holdScripts(page);
    await signInAs(as);
    await page.goto(path, { waitUntil: "load" });
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const drawn = await controls(page);
    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // Effects and the first live answers have run by the next frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(movedUnderThePointer(drawn, await controls(page))).toEqual([]);
  });
}

test("a sidebar list closed before the scripts run stays closed once they do", async ({ page, signInAs }) => {
  const release = await holdScripts(page);
  await signInAs("small", { redirectTo: "/dashboard/wallet" });
  const myProperties = page.getByRole("navigation", { name: "Dashboard", exact: true }).locator("details");
  await expect(myProperties).toHaveAttribute("open", "");
  await myProperties.locator("summary").click();
  await expect(myProperties).not.toHaveAttribute("open");

  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(myProperties).not.toHaveAttribute("open");
});

import { expect, type Page } from "@playwright/test";

/** The demo personas the stand-in lists with a button of their own. */
const LISTED_PERSONAS = new Set([
  "explorer@demo.aangan.in",
  "expired@demo.aangan.in",
  "waitlist@demo.aangan.in",
  "small@demo.aangan.in",
  "large@demo.aangan.in",
  "admin@demo.aangan.in",
  "kyc-pending@demo.aangan.in",
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Signs in through the app's Google stand-in, as a real visitor does: /auth, 'Continue
 * with Google', then the persona's button (or the e-mail field for anyone else, such as
 * the seeded bulk investors). Works with JavaScript on or off. With `redirectTo` the
 * visitor lands back there.
 */
export async function signInAs(page: Page, email: string, options: { redirectTo?: string } = {}): Promise<void> {
  const authPath = options.redirectTo ? `/auth?${new URLSearchParams({ redirectTo: options.redirectTo })}` : "/auth";
  await page.goto(authPath);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/oauth-stand-in\/authorize\?/);
  if (LISTED_PERSONAS.has(email)) {
    await page.getByRole("button", { name: new RegExp(escapeRegExp(email)) }).click();
  } else {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/(oauth-stand-in|auth)(\/|\?|$)/);
}

/** "₹1,02,000" or "−₹500" → rupees as a number (whole-rupee amounts only). */
export function rupees(text: string): number {
  const negative = /^[−-]/.test(text.trim());
  const digits = text.replace(/[^\d.]/g, "");
  const value = Number(digits);
  if (!Number.isFinite(value) || digits === "") throw new Error(`not an amount: ${text}`);
  return negative ? -value : value;
}

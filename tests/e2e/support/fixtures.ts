import { createHash, randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { E2E_BASE_URL, E2E_SESSION_SECRET } from "../../../playwright.config";
import { withE2eDatabase } from "./e2e-database";

export { expect };

/** The demo personas by their short name: "small" is small@demo.aangan.in. */
export type DemoPersona = "explorer" | "expired" | "waitlist" | "small" | "large" | "admin" | "kyc-pending";

export type SignInOptions = {
  /** Another page (of another browser context) to sign in; the test's own page by default. */
  page?: Page;
  /** Open this path once signed in. */
  redirectTo?: string;
};

export type SignInAs = (who: DemoPersona | `${string}@${string}`, options?: SignInOptions) => Promise<{ userId: string; email: string }>;

// What app/services/session.server.ts does in production (the e2e server runs with
// NODE_ENV=production): a random 256-bit id, only its SHA-256 stored, the id itself in a
// signed __Host- cookie. If that changes, every test using this fixture lands on /auth.
const SESSION_COOKIE_NAME = "__Host-aangan_session";
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 7 * DAY_MS;
const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
const TRIAL_DAYS = 14;

const sessionCookie = createCookie(SESSION_COOKIE_NAME, { secrets: [E2E_SESSION_SECRET] });

/**
 * Finds the profile for `email` (the demo seed made the personas) or creates it as a
 * first sign-in would (explorer, 14-day trial, KYC pending, empty wallet), then writes a
 * session row for it. Returns the signed cookie value.
 */
async function createSessionFor(email: string): Promise<{ userId: string; cookieValue: string }> {
  const sessionId = randomBytes(32).toString("base64url");
  const userId = await withE2eDatabase(async (client) => {
    const now = Date.now();
    await client.query(
      `INSERT INTO user_profiles (email, full_name, trial_expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING`,
      [email, email.split("@")[0], new Date(now + TRIAL_DAYS * DAY_MS)],
    );
    const { rows } = await client.query<{ user_id: string }>("SELECT user_id FROM user_profiles WHERE email = $1", [email]);
    const id = rows[0]?.user_id;
    if (!id) throw new Error(`could not find or create a profile for ${email}`);
    await client.query("INSERT INTO escrow_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING", [id]);
    await client.query(
      `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, user_agent)
       VALUES ($1, $2, $3, $3, $4, $5, 'playwright sign-in fixture')`,
      [
        createHash("sha256").update(sessionId).digest("hex"),
        id,
        new Date(now),
        new Date(now + SESSION_IDLE_MS),
        new Date(now + SESSION_ABSOLUTE_MS),
      ],
    );
    return id;
  });
  const serialized = await sessionCookie.serialize(sessionId);
  const cookieValue = serialized.slice(`${SESSION_COOKIE_NAME}=`.length, serialized.indexOf(";"));
  return { userId, cookieValue };
}

/**
 * `signInAs`: signs a persona or any e-mail in by writing a session straight into the e2e
 * database and handing the browser its cookie, skipping the OAuth round trip (which
 * tests/e2e/auth.spec.ts covers). Works with JavaScript on or off.
 */
export const test = base.extend<{ signInAs: SignInAs }>({
  signInAs: async ({ page }, use) => {
    await use(async (who, options = {}) => {
      const email = (who.includes("@") ? who : `${who}@demo.aangan.in`).toLowerCase();
      const target = options.page ?? page;
      const { userId, cookieValue } = await createSessionFor(email);
      const host = new URL(E2E_BASE_URL).hostname;
      await target.context().addCookies([
        {
          name: SESSION_COOKIE_NAME,
          value: cookieValue,
          domain: host,
          path: "/",
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
          expires: Math.floor((Date.now() + SESSION_ABSOLUTE_MS) / 1000),
        },
      ]);
      if (options.redirectTo) {
        await target.goto(options.redirectTo);
        await expect(target, `signed in as ${email}, yet sent to sign in`).not.toHaveURL((url) => url.pathname === "/auth");
      }
      return { userId, email };
    });
  },
});

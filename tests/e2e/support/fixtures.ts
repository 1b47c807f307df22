import { test as base, expect, type Page } from "@playwright/test";
import { TRIAL_DAYS } from "~/domain/profiles/sign-in-profile.server";
import { disconnectPrisma } from "~/services/db.server";
import { reloadEnv } from "~/services/env.server";
import { createUserSession, sessionLifetimes } from "~/services/session.server";
import { E2E_BASE_URL, E2E_SERVER_ENV } from "../../../playwright.config";
import { e2eDatabaseUrl, withE2eDatabase } from "./e2e-database";

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Points this worker's copy of the app's services at the e2e server's database and
 * environment (its secret, its session lifetimes, production cookie names), once.
 */
let usingServerEnvironment = false;
function useServerEnvironment(): void {
  if (usingServerEnvironment) return;
  Object.assign(process.env, E2E_SERVER_ENV, { DATABASE_URL: e2eDatabaseUrl() });
  reloadEnv();
  usingServerEnvironment = true;
}

/**
 * Finds the profile for `email` (the demo seed made the personas) or creates it as a
 * first sign-in would (explorer, 14-day trial, KYC pending, empty wallet), then starts a
 * session for it with the app's own session code. Returns the session cookie.
 */
async function createSessionFor(email: string): Promise<{ userId: string; cookie: { name: string; value: string } }> {
  useServerEnvironment();
  const userId = await withE2eDatabase(async (client) => {
    await client.query(
      `INSERT INTO user_profiles (email, full_name, trial_expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING`,
      [email, email.split("@")[0], new Date(Date.now() + TRIAL_DAYS * DAY_MS)],
    );
    const { rows } = await client.query<{ user_id: string }>("SELECT user_id FROM user_profiles WHERE email = $1", [email]);
    const id = rows[0]?.user_id;
    if (!id) throw new Error(`could not find or create a profile for ${email}`);
    await client.query("INSERT INTO escrow_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING", [id]);
    return id;
  });
  const setCookie = await createUserSession(userId, new Request(E2E_BASE_URL, { headers: { "User-Agent": "playwright sign-in fixture" } }));
  const pair = setCookie.slice(0, setCookie.indexOf(";"));
  const equals = pair.indexOf("=");
  return { userId, cookie: { name: pair.slice(0, equals), value: pair.slice(equals + 1) } };
}

/**
 * `signInAs`: signs a persona or any e-mail in by writing a session straight into the e2e
 * database and handing the browser its cookie, skipping the OAuth round trip (which
 * tests/e2e/auth.spec.ts covers). Works with JavaScript on or off.
 */
export const test = base.extend<{ signInAs: SignInAs }, { appServices: void }>({
  // The Prisma client the session code opened in this worker closes with the worker.
  appServices: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use();
      await disconnectPrisma();
    },
    { scope: "worker", auto: true },
  ],
  signInAs: async ({ page }, use) => {
    await use(async (who, options = {}) => {
      const email = (who.includes("@") ? who : `${who}@demo.aangan.in`).toLowerCase();
      const target = options.page ?? page;
      const { userId, cookie } = await createSessionFor(email);
      const host = new URL(E2E_BASE_URL).hostname;
      await target.context().addCookies([
        {
          ...cookie,
          domain: host,
          path: "/",
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
          expires: Math.floor((Date.now() + sessionLifetimes().absoluteMs) / 1000),
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

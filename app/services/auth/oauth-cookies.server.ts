import { createCookie, createCookieSessionStorage, type Cookie, type SessionStorage } from "@remix-run/node";
import { getEnv } from "~/services/env.server";

// A sign-in round trip must finish within this time; after it the state is gone.
const SIGN_IN_WINDOW_SECONDS = 10 * 60;

type Built = { key: string; stateStorage: SessionStorage; returnTo: Cookie; reauth: Cookie };
let built: Built | undefined;

function build(): Built {
  const { SESSION_SECRET: secret, NODE_ENV } = getEnv();
  const production = NODE_ENV === "production";
  const key = `${production}:${secret}`;
  if (built?.key === key) return built;
  const options = {
    httpOnly: true,
    // Lax still sends the cookie on Google's top-level redirect back to the callback.
    sameSite: "lax" as const,
    secure: production,
    path: "/",
    secrets: [secret],
    maxAge: SIGN_IN_WINDOW_SECONDS,
  };
  built = {
    key,
    stateStorage: createCookieSessionStorage({
      cookie: { name: production ? "__Host-aangan_oauth" : "aangan_oauth", ...options },
    }),
    returnTo: createCookie(production ? "__Host-aangan_return_to" : "aangan_return_to", options),
    reauth: createCookie(production ? "__Host-aangan_reauth" : "aangan_reauth", options),
  };
  return built;
}

/** Holds remix-auth's OAuth state between the redirect to Google and the callback. */
export function oauthStateStorage(): SessionStorage {
  return build().stateStorage;
}

/** Remembers where to go after sign-in; the value is sanitised when it is read. */
export function returnToCookie(): Cookie {
  return build().returnTo;
}

/** Who asked to confirm it is them, and when: set when a form sends a signed-in investor back to Google (ADR 0030). */
export function reauthCookie(): Cookie {
  return build().reauth;
}

export type ReauthClaim = { userId: string; startedAt: number };

export async function readReauthClaim(cookieHeader: string | null): Promise<ReauthClaim | null> {
  const value: unknown = await reauthCookie()
    .parse(cookieHeader)
    .catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { userId, startedAt } = value as Record<string, unknown>;
  return typeof userId === "string" && typeof startedAt === "number" ? { userId, startedAt } : null;
}

/** Set-Cookie values that drop the sign-in cookies once the round trip is over. */
export async function clearSignInCookies(): Promise<string[]> {
  const { stateStorage, returnTo, reauth } = build();
  const stateSession = await stateStorage.getSession();
  const gone = { maxAge: 0, expires: new Date(0) };
  return [await stateStorage.destroySession(stateSession), await returnTo.serialize("", gone), await reauth.serialize("", gone)];
}

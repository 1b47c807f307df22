import { createHmac } from "node:crypto";
import { getEnv } from "~/services/env.server";

export const STAND_IN_CLIENT_ID = "aangan-google-stand-in";
export const STAND_IN_BASE_PATH = "/oauth-stand-in";
export const CALLBACK_PATH = "/auth/google/callback";

export type ProviderConfig = {
  mode: "google" | "stand-in";
  clientId: string;
  clientSecret: string;
  callbackURL: string;
  /** Where the browser is sent to consent. */
  authorizationURL: string;
  /** Called by this server, never by the browser. */
  tokenURL: string;
  userInfoURL: string;
};

/**
 * Real Google when GOOGLE_CLIENT_ID is set; otherwise the stand-in this app serves itself.
 * The stand-in lets anyone sign in as anyone, so production allows it only with DEMO_MODE
 * (the env schema already refuses to start otherwise; this is the second lock).
 */
export function providerConfig(): ProviderConfig {
  const env = getEnv();
  const callbackURL = `${env.APP_ORIGIN}${CALLBACK_PATH}`;
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return {
      mode: "google",
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      callbackURL,
      authorizationURL: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenURL: "https://oauth2.googleapis.com/token",
      userInfoURL: "https://www.googleapis.com/oauth2/v3/userinfo",
    };
  }
  if (!isStandInAllowed()) {
    throw new Error("Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or DEMO_MODE=true");
  }
  const internalOrigin = serverToServerOrigin();
  return {
    mode: "stand-in",
    clientId: STAND_IN_CLIENT_ID,
    clientSecret: standInSecret("client-secret"),
    callbackURL,
    authorizationURL: `${env.APP_ORIGIN}${STAND_IN_BASE_PATH}/authorize`,
    tokenURL: `${internalOrigin}${STAND_IN_BASE_PATH}/token`,
    userInfoURL: `${internalOrigin}${STAND_IN_BASE_PATH}/userinfo`,
  };
}

export function isStandInAllowed(): boolean {
  const env = getEnv();
  if (env.GOOGLE_CLIENT_ID) return false;
  return env.NODE_ENV !== "production" || env.DEMO_MODE === true;
}

/** Keys for the stand-in, derived from SESSION_SECRET so every app process agrees on them. */
export function standInSecret(purpose: "client-secret" | "token-signing"): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`aangan:google-stand-in:${purpose}`).digest("base64url");
}

// The server exchanges codes with itself over loopback: APP_ORIGIN may be a public address
// behind a proxy, and "localhost" may resolve to an address the server does not listen on.
function serverToServerOrigin(): string {
  const env = getEnv();
  const loopbackHosts = new Set(["0.0.0.0", "127.0.0.1", "::", "localhost"]);
  const host = loopbackHosts.has(env.HOST) ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

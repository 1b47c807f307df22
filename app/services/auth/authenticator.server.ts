import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import { isPersonName } from "~/lib/person-name";
import type { GoogleIdentity } from "./google-identity";
import { oauthStateStorage } from "./oauth-cookies.server";
import { providerConfig } from "./provider-config.server";

export const GOOGLE_STRATEGY = "google";
/** The same sign-in, but Google must ask for the password again (re-authentication, ADR 0030). */
export const GOOGLE_REAUTH_STRATEGY = "google-reauth";

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  // Google sends a boolean; some older answers carry the string "true".
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

const idTokenClaims = z.object({ auth_time: z.number().int().positive().optional() });

/**
 * auth_time from the ID token that came with the access token. The token arrives straight
 * from Google's token endpoint over TLS in exchange for our client secret, so OpenID Connect
 * (Core 3.1.3.7, step 6) lets the client trust it without checking its signature.
 */
export function authTimeFromIdToken(idToken: unknown): Date | null {
  if (typeof idToken !== "string") return null;
  const payload = idToken.split(".")[1];
  if (!payload) return null;
  try {
    const claims = idTokenClaims.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return claims.success && claims.data.auth_time ? new Date(claims.data.auth_time * 1000) : null;
  } catch {
    return null;
  }
}

function personNameOrNull(name: string | undefined): string | null {
  const trimmed = name?.trim() ?? "";
  return trimmed && isPersonName(trimmed) ? trimmed : null;
}

export function identityFromGoogleProfile(profile: GoogleProfile, extraParams: Record<string, unknown> = {}): GoogleIdentity {
  const info = userInfoSchema.safeParse(profile._json);
  if (!info.success) throw new Error("Google did not return a usable profile");
  const verified = info.data.email_verified;
  return {
    subject: info.data.sub,
    email: info.data.email,
    emailVerified: verified === true || verified === "true",
    // A name Google holds that the app would refuse in a form (control characters, markup) is left out.
    fullName: personNameOrNull(info.data.name),
    avatarUrl: info.data.picture?.startsWith("https://") ? info.data.picture : null,
    authTime: authTimeFromIdToken(extraParams.id_token),
  };
}

/**
 * Asks Google for a fresh authentication: `prompt=login` makes it ask for the password
 * again, and `max_age=0` makes it put auth_time in the ID token, which the callback checks.
 */
class ReauthGoogleStrategy extends GoogleStrategy<GoogleIdentity> {
  protected authorizationParams(): URLSearchParams {
    const params = super.authorizationParams();
    params.set("prompt", "login");
    params.set("max_age", "0");
    return params;
  }
}

let cached: { key: string; authenticator: Authenticator<GoogleIdentity> } | undefined;

/**
 * One remix-auth Authenticator with the Google strategy, aimed at Google or at the local
 * stand-in. It answers who signed in (the Google identity) and nothing more: the callback
 * route loads or creates the profile and starts the database session. Its session storage
 * carries only the OAuth state.
 */
export function authenticator(): Authenticator<GoogleIdentity> {
  const config = providerConfig();
  const key = JSON.stringify(config);
  if (cached?.key === key) return cached.authenticator;

  const options = { clientID: config.clientId, clientSecret: config.clientSecret, callbackURL: config.callbackURL };
  const verify = async ({ profile, extraParams }: { profile: GoogleProfile; extraParams: Record<string, unknown> }) =>
    identityFromGoogleProfile(profile, extraParams);
  const strategy = new GoogleStrategy({ ...options, prompt: "select_account" }, verify);
  const reauth = new ReauthGoogleStrategy(options, verify);
  // remix-auth-google fixes Google's addresses in its constructor; the stand-in swaps them.
  for (const each of [strategy, reauth]) {
    Object.assign(each, {
      authorizationURL: config.authorizationURL,
      tokenURL: config.tokenURL,
      userInfoURL: config.userInfoURL,
    });
  }

  const instance = new Authenticator<GoogleIdentity>(oauthStateStorage(), { throwOnError: true });
  instance.use(strategy, GOOGLE_STRATEGY);
  instance.use(reauth, GOOGLE_REAUTH_STRATEGY);
  cached = { key, authenticator: instance };
  return instance;
}

import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import type { GoogleIdentity } from "./google-identity";
import { oauthStateStorage } from "./oauth-cookies.server";
import { providerConfig } from "./provider-config.server";

export const GOOGLE_STRATEGY = "google";

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  // Google sends a boolean; some older answers carry the string "true".
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

export function identityFromGoogleProfile(profile: GoogleProfile): GoogleIdentity {
  const info = userInfoSchema.safeParse(profile._json);
  if (!info.success) throw new Error("Google did not return a usable profile");
  const verified = info.data.email_verified;
  return {
    subject: info.data.sub,
    email: info.data.email,
    emailVerified: verified === true || verified === "true",
    fullName: info.data.name?.trim() || null,
    avatarUrl: info.data.picture?.startsWith("https://") ? info.data.picture : null,
  };
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

  const strategy = new GoogleStrategy(
    { clientID: config.clientId, clientSecret: config.clientSecret, callbackURL: config.callbackURL, prompt: "select_account" },
    async ({ profile }) => identityFromGoogleProfile(profile),
  );
  // remix-auth-google fixes Google's addresses in its constructor; the stand-in swaps them.
  Object.assign(strategy, {
    authorizationURL: config.authorizationURL,
    tokenURL: config.tokenURL,
    userInfoURL: config.userInfoURL,
  });

  const instance = new Authenticator<GoogleIdentity>(oauthStateStorage(), { throwOnError: true });
  instance.use(strategy, GOOGLE_STRATEGY);
  cached = { key, authenticator: instance };
  return instance;
}

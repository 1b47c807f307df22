import { z } from "zod";
import { getPrisma } from "~/services/db.server";
import { isStandInAllowed, providerConfig, STAND_IN_CLIENT_ID } from "../provider-config.server";
import { DEMO_PERSONAS } from "./personas";
import { issueAccessToken, issueCode, issueIdToken, readAccessToken, redeemCode, secretsMatch, standInSubject } from "./tokens.server";

/** The stand-in's guard: it answers 404 whenever real Google is configured or it is not allowed. */
export function requireStandIn(): void {
  if (!isStandInAllowed()) throw new Response("Not Found", { status: 404 });
}

const authorizeParams = z.object({
  response_type: z.literal("code"),
  client_id: z.literal(STAND_IN_CLIENT_ID),
  redirect_uri: z.string(),
  state: z.string().min(1).max(512),
  // As Google: prompt=login asks the person to sign in again; max_age puts auth_time in the ID token.
  prompt: z.enum(["none", "consent", "select_account", "login"]).optional(),
  max_age: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
});

export type ConsentRequest = z.infer<typeof authorizeParams>;

/** Like Google, refuse anything but our own client sending the browser back to its registered callback. */
function parseAuthorizeRequest(values: Record<string, unknown>): ConsentRequest | null {
  const parsed = authorizeParams.safeParse(values);
  if (!parsed.success || parsed.data.redirect_uri !== providerConfig().callbackURL) return null;
  return parsed.data;
}

export function readConsentRequest(url: URL): ConsentRequest | null {
  return parseAuthorizeRequest(Object.fromEntries(url.searchParams));
}

export function consentPersonas() {
  return DEMO_PERSONAS.map((persona) => ({ email: persona.email, summary: persona.summary }));
}

// 254 characters is the longest address SMTP can carry (RFC 5321's path limit less its brackets).
const MAX_EMAIL_LENGTH = 254;
const consentForm = z.object({
  email: z
    .email("Enter a valid e-mail address")
    .max(MAX_EMAIL_LENGTH, "Enter a valid e-mail address")
    .transform((e) => e.trim().toLowerCase()),
});

export type ConsentOutcome = { redirectTo: string } | { error: string; status: number };

/** The visitor picked an account: send them back to the app with a one-time code. */
export function approveConsent(form: FormData): ConsentOutcome {
  const request = parseAuthorizeRequest(Object.fromEntries(form));
  if (!request) return { error: "This sign-in request is not valid. Start again from the app.", status: 400 };
  const email = consentForm.safeParse({ email: String(form.get("email") ?? "").trim() });
  if (!email.success) return { error: "Enter a valid e-mail address", status: 400 };
  // Choosing an account here is the sign-in, so it is the moment of authentication.
  const code = issueCode({
    email: email.data.email,
    clientId: request.client_id,
    redirectUri: request.redirect_uri,
    authTime: Math.floor(Date.now() / 1000),
  });
  const target = new URL(request.redirect_uri);
  target.searchParams.set("code", code);
  target.searchParams.set("state", request.state);
  return { redirectTo: target.toString() };
}

function oauthError(error: string, description: string, status = 400): Response {
  return Response.json({ error, error_description: description }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The token endpoint: client credentials plus a fresh, unused code buy an access token. */
export async function exchangeCode(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  if (!form) return oauthError("invalid_request", "Expected a form body");
  const config = providerConfig();
  const clientId = String(form.get("client_id") ?? "");
  const clientSecret = String(form.get("client_secret") ?? "");
  if (clientId !== config.clientId || !secretsMatch(clientSecret, config.clientSecret)) {
    return oauthError("invalid_client", "Unknown client or wrong secret", 401);
  }
  if (form.get("grant_type") !== "authorization_code") return oauthError("unsupported_grant_type", "Only authorization_code");
  const result = await redeemCode(getPrisma(), String(form.get("code") ?? ""), {
    clientId,
    redirectUri: String(form.get("redirect_uri") ?? ""),
  });
  if (!result.ok) return oauthError("invalid_grant", result.error);
  return Response.json(
    {
      access_token: issueAccessToken(result.email),
      id_token: issueIdToken({ email: result.email, clientId, authTime: result.authTime }),
      token_type: "Bearer",
      expires_in: 300,
      scope: "openid email profile",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The userinfo endpoint, answering in Google's shape. */
export function userInfo(request: Request): Response {
  const header = request.headers.get("Authorization") ?? "";
  const email = header.startsWith("Bearer ") ? readAccessToken(header.slice(7)) : null;
  if (!email) return oauthError("invalid_token", "Missing, expired or invalid access token", 401);
  return Response.json({ sub: standInSubject(email), email, email_verified: true }, { headers: { "Cache-Control": "no-store" } });
}

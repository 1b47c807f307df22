import {
  clearReauthDraft,
  readReauthDraft,
  saveReauthDraft,
  type DraftPayload,
  type ReauthPurpose,
} from "~/domain/access/reauth-drafts.server";
import { authenticator, GOOGLE_REAUTH_STRATEGY } from "~/services/auth/authenticator.server";
import { reauthCookie, returnToCookie } from "~/services/auth/oauth-cookies.server";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { getSessionSignedInAt } from "~/services/session.server";
import { paths } from "~/lib/paths";
import type { SessionUser } from "~/web/guards.server";

/** Whether this browser's sign-in is recent enough for a sensitive form (REAUTH_MAX_AGE_MINUTES, default 15). */
export async function signedInRecently(request: Request, now = new Date()): Promise<boolean> {
  const signedInAt = await getSessionSignedInAt(request);
  return signedInAt !== null && now.getTime() - signedInAt.getTime() <= getEnv().REAUTH_MAX_AGE_MINUTES * 60_000;
}

/**
 * A withdrawal request or a change of bank details needs a sign-in within the last
 * REAUTH_MAX_AGE_MINUTES (ASVS 7.5.3, ADR 0030). Returns when it has one. Otherwise it keeps
 * what the investor typed on the server, and throws the redirect to Google with
 * `prompt=login` and `max_age=0`; the callback checks Google's auth_time, starts a new
 * session and sends the investor back to `returnTo`, where the form reads the draft back.
 */
export async function requireRecentSignIn(
  request: Request,
  user: SessionUser,
  { purpose, returnTo, draft }: { purpose: ReauthPurpose; returnTo: string; draft: DraftPayload },
): Promise<void> {
  if (await signedInRecently(request)) return;
  await saveReauthDraft(getPrisma(), user.id, purpose, draft);
  // The strategy starts a round trip from any address but the callback; it reads only the cookies.
  const start = new Request(new URL(paths.auth.google(), request.url), { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
  try {
    await authenticator().authenticate(GOOGLE_REAUTH_STRATEGY, start);
  } catch (response) {
    if (!(response instanceof Response)) throw response;
    response.headers.append("Set-Cookie", await returnToCookie().serialize(returnTo));
    response.headers.append("Set-Cookie", await reauthCookie().serialize({ userId: user.id, startedAt: Date.now() }));
    throw response;
  }
  throw new Error("The re-authentication round trip did not start");
}

export function readDraft(user: SessionUser, purpose: ReauthPurpose) {
  return readReauthDraft(getPrisma(), user.id, purpose);
}

export function clearDraft(user: SessionUser, purpose: ReauthPurpose) {
  return clearReauthDraft(getPrisma(), user.id, purpose);
}

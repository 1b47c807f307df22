import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthorizationError } from "remix-auth";
import { buttonClasses } from "~/components/ui/button-styles";
import { authFailureNotice, SIGNED_IN_NOTICES } from "~/lib/auth-messages";
import { safeRedirectTo } from "~/lib/redirect-to";
import { afterSignInPath } from "~/domain/access/access-rules";
import { signInProfile } from "~/domain/profiles/sign-in-profile.server";
import { authenticator, GOOGLE_STRATEGY } from "~/services/auth/authenticator.server";
import { clearSignInCookies, readReauthClaim, returnToCookie } from "~/services/auth/oauth-cookies.server";
import { redirectWithToast } from "~/web/flash.server";
import { logger } from "~/services/logger.server";
import { getPrisma } from "~/services/db.server";
import { getEnv, getFeatureFlags } from "~/services/env.server";
import { createUserSession, destroyUserSession } from "~/services/session.server";
import { paths } from "~/lib/paths";

// Google's clock and ours may differ a little; auth_time is in whole seconds.
const REAUTH_CLOCK_SKEW_MS = 2 * 60 * 1000;
const REAUTH_CONFIRMED = { title: "Signed in again", description: "Thanks for confirming it's you. Check your request and send it." };
const REAUTH_NOT_CONFIRMED = {
  title: "We could not confirm it's you",
  description: "Google did not confirm a fresh sign-in. Please send the form again.",
};

/**
 * Google (or the stand-in) sends the browser back here. The strategy checks the state
 * against the signed cookie, exchanges the code and fetches the profile; that check is
 * this route's guard. The identity then signs in to a profile (created on first sign-in),
 * and success starts a new database session.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const clearCookies = await clearSignInCookies();
  let signedIn;
  let identity;
  try {
    identity = await authenticator().authenticate(GOOGLE_STRATEGY, request);
    signedIn = await signInProfile(getPrisma(), identity, {
      adminEmails: getEnv().ADMIN_EMAILS,
      analyticsEnabled: getFeatureFlags().analytics_enabled,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = error instanceof AuthorizationError ? error.message : String((error as Error)?.message ?? error);
    logger.warn({ failure }, "sign-in failed");
    const headers = new Headers();
    for (const cookie of clearCookies) headers.append("Set-Cookie", cookie);
    return data({ notice: authFailureNotice(failure) }, { status: 401, headers });
  }

  const returnTo = safeRedirectTo(await returnToCookie().parse(request.headers.get("Cookie")), afterSignInPath(signedIn));
  // A re-authentication (ADR 0030): Google must say the person signed in after we asked.
  const reauth = await readReauthClaim(request.headers.get("Cookie"));
  const reauthenticated = reauth !== null && reauth.userId === signedIn.userId;
  if (reauthenticated && !(identity.authTime && identity.authTime.getTime() >= reauth.startedAt - REAUTH_CLOCK_SKEW_MS)) {
    logger.warn({ userId: signedIn.userId }, "re-authentication without a fresh auth_time");
    const headers = new Headers();
    for (const cookie of clearCookies) headers.append("Set-Cookie", cookie);
    return redirectWithToast(returnTo, { kind: "error", ...REAUTH_NOT_CONFIRMED }, { headers });
  }
  const headers = new Headers();
  // Whatever session this browser had ends here; the new one gets a new id.
  await destroyUserSession(request);
  headers.append("Set-Cookie", await createUserSession(signedIn.userId, request));
  for (const cookie of clearCookies) headers.append("Set-Cookie", cookie);
  const notice = reauthenticated ? REAUTH_CONFIRMED : signedIn.created ? SIGNED_IN_NOTICES.firstTime : SIGNED_IN_NOTICES.returning;
  return redirectWithToast(returnTo, { kind: "success", ...notice }, { headers });
}

export default function AuthenticationErrorScreen() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div role="alert" className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Authentication Error</h1>
        {notice.title !== "Authentication Error" ? <p className="mt-3 font-semibold">{notice.title}</p> : null}
        <p className="mt-2 text-slate-600">{notice.description}</p>
        <Link to={paths.signIn()} className={buttonClasses("primary", "md", "mt-6")}>
          Try Again
        </Link>
      </div>
    </div>
  );
}

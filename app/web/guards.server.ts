import { data, redirect } from "@remix-run/node";
import { signInPath } from "~/lib/redirect-to";
import { ROUTE_TABLE, type RouteGuard } from "~/lib/route-table";
import { getFeatureFlags } from "~/services/env.server";
import { getPrisma } from "~/services/db.server";
import { hasPositionHistory } from "~/domain/access/position-history.server";
import { redirectWithToast } from "~/web/flash.server";
import { getRequestUser as getSessionUser, type SessionUser } from "~/web/session.server";
import {
  adminRedirect,
  dashboardEntryRedirect,
  signedInLandingPath,
  trialGuardRedirect,
  waitlistDashboardRedirect,
} from "~/domain/access/access-rules";

export type { SessionUser } from "~/web/session.server";

/** The signed-in user or null; for pages that anyone may see. */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return getSessionUser(request);
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Signed in, or off to /auth with a way back to this page. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(requestedPath(request)));
  return user;
}

/** Guest-only pages (/, /auth): a signed-in visitor is sent to /welcome or /trial-expired. */
export async function requireGuest(request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(signedInLandingPath(user));
}

/** Signed in, and past the trial-expiry guard (active only with trial_enforcement_enabled). */
export async function requireUserWithinTrial(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const to = trialGuardRedirect(user, getFeatureFlags());
  if (to) throw redirect(to);
  return user;
}

/**
 * The investment page: an anonymous visitor goes to /auth with the spec's notice and a way
 * back; a signed-in one passes the trial guard like any signed-in page.
 */
export async function requireInvestor(request: Request): Promise<SessionUser> {
  if (!(await getSessionUser(request))) {
    throw await redirectWithToast(signInPath(requestedPath(request)), { kind: "info", title: "Please sign in to start investing" });
  }
  return requireUserWithinTrial(request);
}

/** /welcome: an ended trial without subscription always goes to /trial-expired. */
export async function requireWelcomeUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const to = signedInLandingPath(user);
  if (to !== "/welcome") throw redirect(to);
  return user;
}

/** /dashboard/*: the trial guard, then the spec's dashboard entry rules. */
export async function requireDashboardUser(request: Request): Promise<SessionUser> {
  const user = await requireUserWithinTrial(request);
  const to = dashboardEntryRedirect(user);
  if (to) throw redirect(to);
  return user;
}

/**
 * An investor's own records (a position page, the statements and their files, the tax
 * documents): whoever may use the dashboard, and anyone who ever held shares, so an investor
 * whose last holding was sold (and who dropped to the waitlist tier, or whose trial or
 * subscription lapsed) still reads their closed positions and their tax statements (ADR 0075).
 * Read-only: each page's actions keep requireDashboardUser.
 */
export async function requireRecordsReader(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const to = dashboardEntryRedirect(user);
  if (!to) return requireDashboardUser(request);
  if (await hasPositionHistory(getPrisma(), user.id)) return user;
  throw redirect(to);
}

/**
 * The DPDP rights (the data-rights page and the data export, ADR 0082): every signed-in user,
 * whatever the tier, the trial or the subscription. A frozen account (a deceased investor's,
 * ADR 0066) has no live session, so it reads as signed out here like everywhere else. Each
 * page then reads and writes only the signed-in user's own rows.
 */
export async function requireDataRightsUser(request: Request): Promise<SessionUser> {
  return requireUser(request);
}

/** Whether the investor dashboard's guard (requireDashboardUser) would let this user in. */
export function mayUseDashboard(user: SessionUser): boolean {
  return !trialGuardRedirect(user, getFeatureFlags()) && !dashboardEntryRedirect(user);
}

/** /waitlist-dashboard/*: waitlist players only. */
export async function requireWaitlistUser(request: Request): Promise<SessionUser> {
  const user = await requireUserWithinTrial(request);
  const to = waitlistDashboardRedirect(user);
  if (to) throw redirect(to);
  return user;
}

/** Admin pages: signed-out visitors to /auth, non-admins to /dashboard/overview. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const to = adminRedirect(user);
  if (to) throw redirect(to);
  return user;
}

/**
 * Admin form posts: signed-out visitors to /auth like any page, but a signed-in non-admin
 * gets 403 (a redirect would read as success to a script replaying the form).
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (adminRedirect(user)) throw data("Access Denied - only administrators can do this.", { status: 403 });
  return user;
}

/** Runs the guard a route-table entry names; for pages that are still placeholders. */
export async function enforceRouteGuard(request: Request, guard: RouteGuard): Promise<SessionUser | null> {
  switch (guard) {
    case "public":
      return getOptionalUser(request);
    case "guest":
      await requireGuest(request);
      return null;
    case "user":
      return requireUserWithinTrial(request);
    case "welcome":
      return requireWelcomeUser(request);
    case "trial-expired":
      return requireUser(request);
    case "data-rights":
      return requireDataRightsUser(request);
    case "dashboard":
      return requireDashboardUser(request);
    case "waitlist-dashboard":
      return requireWaitlistUser(request);
    case "admin":
      return requireAdmin(request);
  }
}

/** Guard for a route-table pattern; throws for patterns the table does not list. */
export async function enforceRouteTableGuard(request: Request, pattern: string): Promise<SessionUser | null> {
  const entry = ROUTE_TABLE.find((route) => route.pattern === pattern);
  if (!entry) throw new Error(`${pattern} is not in the route table`);
  const user = await enforceRouteGuard(request, entry.guard);
  if (entry.redirectsTo) throw redirect(entry.redirectsTo);
  return user;
}

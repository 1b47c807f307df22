import type { FeatureFlags } from "~/lib/feature-flags";
import { hasTrialExpired } from "~/lib/greeting";

/** The profile facts the access rules look at. */
export type AccessSubject = {
  tier: string;
  subscriptionActive: boolean;
  trialExpiresAt: Date;
  tierOverrideByAdmin: boolean;
  isAdmin: boolean;
};

/** Where / and /auth send someone already signed in. */
export function signedInLandingPath(user: AccessSubject, now = new Date()): string {
  return hasTrialExpired(user, now) ? "/trial-expired" : "/welcome";
}

/** Where a fresh sign-in goes when it was not sent back to a page: admins to their panel. */
export function afterSignInPath(user: Pick<AccessSubject, "isAdmin">): string {
  return user.isAdmin ? "/admin" : "/welcome";
}

/** The trial-expiry guard: only while trial_enforcement_enabled is on. */
export function trialGuardRedirect(user: AccessSubject, flags: FeatureFlags, now = new Date()): string | null {
  return flags.trial_enforcement_enabled && hasTrialExpired(user, now) ? "/trial-expired" : null;
}

/**
 * The spec's dashboard entry rules: waitlist players have their own dashboard; explorers
 * have none (back to /welcome, or /trial-expired once the trial is over unless an admin
 * set their tier). Everyone else may enter.
 */
export function dashboardEntryRedirect(user: AccessSubject, now = new Date()): string | null {
  if (user.tier === "waitlist_player") return "/waitlist-dashboard";
  if (user.tier === "explorer") {
    if (user.tierOverrideByAdmin) return "/welcome";
    return hasTrialExpired(user, now) ? "/trial-expired" : "/welcome";
  }
  return null;
}

/** The waitlist dashboard is for waitlist players only. */
export function waitlistDashboardRedirect(user: AccessSubject): string | null {
  return user.tier === "waitlist_player" ? null : "/dashboard/overview";
}

/** Admin pages: a signed-in non-admin goes to the investor dashboard. */
export function adminRedirect(user: AccessSubject): string | null {
  return user.isAdmin ? null : "/dashboard/overview";
}

/** The user's own wallet page: waitlist players keep theirs on the waitlist dashboard. */
export function ownWalletPath(user: Pick<AccessSubject, "tier">): string {
  return user.tier === "waitlist_player" ? "/waitlist-dashboard/wallet" : "/dashboard/wallet";
}

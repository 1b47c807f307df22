import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURE_FLAGS } from "~/lib/feature-flags";
import {
  adminRedirect,
  afterSignInPath,
  dashboardEntryRedirect,
  signedInLandingPath,
  trialGuardRedirect,
  waitlistDashboardRedirect,
  type AccessSubject,
} from "./access-rules";

const NOW = new Date("2026-11-21T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function subject(overrides: Partial<AccessSubject> = {}): AccessSubject {
  return {
    tier: "explorer",
    subscriptionActive: false,
    trialExpiresAt: new Date(NOW.getTime() + 10 * DAY),
    tierOverrideByAdmin: false,
    isAdmin: false,
    ...overrides,
  };
}
const expired = { trialExpiresAt: new Date(NOW.getTime() - DAY) };
const enforcing = { ...DEFAULT_FEATURE_FLAGS, trial_enforcement_enabled: true };

describe("access rules", () => {
  it("send a fresh sign-in to /admin for an admin and to /welcome for everyone else", () => {
    expect(afterSignInPath(subject({ isAdmin: true }))).toBe("/admin");
    expect(afterSignInPath(subject())).toBe("/welcome");
  });

  it("land signed-in visitors on /welcome, or /trial-expired once an unpaid trial is over", () => {
    expect(signedInLandingPath(subject(), NOW)).toBe("/welcome");
    expect(signedInLandingPath(subject(expired), NOW)).toBe("/trial-expired");
    expect(signedInLandingPath(subject({ ...expired, subscriptionActive: true, tier: "waitlist_player" }), NOW)).toBe("/welcome");
  });

  it("apply the trial guard only with trial_enforcement_enabled on", () => {
    expect(trialGuardRedirect(subject(expired), DEFAULT_FEATURE_FLAGS, NOW)).toBeNull();
    expect(trialGuardRedirect(subject(expired), enforcing, NOW)).toBe("/trial-expired");
    expect(trialGuardRedirect(subject(), enforcing, NOW)).toBeNull();
  });

  it("follow the dashboard entry rules", () => {
    expect(dashboardEntryRedirect(subject(), NOW)).toBe("/welcome");
    expect(dashboardEntryRedirect(subject(expired), NOW)).toBe("/trial-expired");
    expect(dashboardEntryRedirect(subject({ ...expired, tierOverrideByAdmin: true }), NOW)).toBe("/welcome");
    expect(dashboardEntryRedirect(subject({ tier: "waitlist_player", subscriptionActive: true }), NOW)).toBe("/waitlist-dashboard");
    expect(dashboardEntryRedirect(subject({ tier: "small_investor", subscriptionActive: true }), NOW)).toBeNull();
    expect(dashboardEntryRedirect(subject({ tier: "large_investor", subscriptionActive: true }), NOW)).toBeNull();
  });

  it("keep the waitlist dashboard to waitlist players and admin pages to admins", () => {
    expect(waitlistDashboardRedirect(subject({ tier: "waitlist_player" }))).toBeNull();
    expect(waitlistDashboardRedirect(subject({ tier: "large_investor" }))).toBe("/dashboard/overview");
    expect(adminRedirect(subject({ isAdmin: true }))).toBeNull();
    expect(adminRedirect(subject())).toBe("/dashboard/overview");
  });
});

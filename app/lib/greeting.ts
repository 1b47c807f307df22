const DAY_MS = 24 * 60 * 60 * 1000;

/** First name, else the part of the e-mail before "@", else "Investor". */
export function greetingName(profile: { fullName?: string | null; email?: string | null }): string {
  const firstName = profile.fullName?.trim().split(/\s+/)[0];
  if (firstName) return firstName;
  const prefix = profile.email?.split("@")[0]?.trim();
  if (prefix) return prefix;
  return "Investor";
}

/** Whole days of trial left, rounded up, never below zero. */
export function trialDaysLeft(trialExpiresAt: Date | string, now: Date = new Date()): number {
  const remaining = new Date(trialExpiresAt).getTime() - now.getTime();
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  return Math.ceil(remaining / DAY_MS);
}

/** The spec's trial rule: no active subscription and the trial end has passed. */
export function hasTrialExpired(profile: { subscriptionActive: boolean; trialExpiresAt: Date | string }, now: Date = new Date()): boolean {
  return !profile.subscriptionActive && new Date(profile.trialExpiresAt).getTime() < now.getTime();
}

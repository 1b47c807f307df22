import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { DomainError } from "~/domain/errors";
import { cancelRunningPeriods, grantWaiver } from "~/domain/subscriptions/subscription-periods.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import type { Tier } from "~/domain/tiers/calculate-tier";
import { ASSIGNABLE_TIERS } from "./assignable-tiers";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";

const userNotFound = () => new DomainError("user_not_found", "User not found.", 404);

type AdminCommand = { adminId: string; userId: string };

async function lockProfile(tx: Tx, userId: string) {
  const rows = await tx.$queryRaw<{ user_id: string }[]>`SELECT user_id FROM user_profiles WHERE user_id = ${userId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw userNotFound();
  const profile = await tx.userProfile.findUnique({
    where: { id: userId },
    select: { tier: true, tierOverrideByAdmin: true, tierOverrideAt: true, tierOverrideBy: true, isAdmin: true, subscriptionActive: true },
  });
  if (!profile) throw userNotFound();
  return profile;
}

/** Sets a tier by hand: the override is recorded with when and by whom, and purchases no longer recompute it. */
export async function overrideTier(db: PrismaClient, input: AdminCommand & { tier: string }, now = new Date()): Promise<Tier> {
  const tier = ASSIGNABLE_TIERS.find((candidate) => candidate === input.tier);
  if (!tier) throw new DomainError("invalid_tier", "Choose one of the tiers in the list.", 400, "tier");
  return runTransaction(db, "admin.override-tier", async (tx) => {
    const before = await lockProfile(tx, input.userId);
    await tx.userProfile.update({
      where: { id: input.userId },
      data: { tier, tierOverrideByAdmin: true, tierOverrideAt: now, tierOverrideBy: input.adminId },
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.tier_override",
      targetType: "user",
      targetId: input.userId,
      before: { tier: before.tier, tierOverrideByAdmin: before.tierOverrideByAdmin },
      after: { tier, tierOverrideByAdmin: true },
    });
    return tier;
  });
}

/** 'Auto Calc': clears the override and recomputes the tier from subscription and investments. */
export async function clearTierOverride(db: PrismaClient, input: AdminCommand): Promise<Tier> {
  return runTransaction(db, "admin.clear-tier-override", async (tx) => {
    const before = await lockProfile(tx, input.userId);
    await tx.userProfile.update({
      where: { id: input.userId },
      data: { tierOverrideByAdmin: false, tierOverrideAt: null, tierOverrideBy: null },
    });
    const tier = await recalculateTier(tx, input.userId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.tier_auto_calc",
      targetType: "user",
      targetId: input.userId,
      before: { tier: before.tier, tierOverrideByAdmin: before.tierOverrideByAdmin },
      after: { tier, tierOverrideByAdmin: false },
    });
    return tier;
  });
}

/** Signs the user out on every device; returns how many sessions ended. */
async function deleteSessions(tx: Tx, userId: string): Promise<number> {
  const { count } = await tx.session.deleteMany({ where: { userId } });
  return count;
}

export const LAST_ADMIN_MESSAGE = "You are the last administrator. Make another user an admin before removing your own admin rights.";

/**
 * Carries out a grant or removal of admin rights that a second admin approved (ADR 0049):
 * only the four-eyes approval calls this. Revoking ends the user's sessions, so the rights
 * go at once. The admin rows are locked before counting, so two removals at the same
 * moment cannot leave the platform without an admin. A change that is already true is
 * refused rather than reported as done.
 */
export async function setAdminFlag(db: PrismaClient, input: AdminCommand & { isAdmin: boolean; requestedBy?: string }) {
  return runTransaction(db, "admin.set-admin-flag", async (tx) => {
    const admins = await tx.$queryRaw<{ user_id: string }[]>`
      SELECT user_id FROM user_profiles WHERE is_admin ORDER BY user_id FOR UPDATE`;
    const before = await lockProfile(tx, input.userId);
    if (before.isAdmin === input.isAdmin) throw adminFlagUnchanged(input.isAdmin);
    if (!input.isAdmin && admins.length <= 1) throw new DomainError("last_admin", LAST_ADMIN_MESSAGE, 409);
    await tx.userProfile.update({ where: { id: input.userId }, data: { isAdmin: input.isAdmin } });
    const sessionsEnded = input.isAdmin ? 0 : await deleteSessions(tx, input.userId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: input.isAdmin ? "user.admin_grant" : "user.admin_revoke",
      targetType: "user",
      targetId: input.userId,
      before: { isAdmin: before.isAdmin },
      after: { isAdmin: input.isAdmin, sessionsEnded, ...(input.requestedBy ? { requestedBy: input.requestedBy } : {}) },
    });
    return { sessionsEnded };
  });
}

export function adminFlagUnchanged(isAdmin: boolean) {
  return isAdmin
    ? new DomainError("already_admin", "This user is already an admin; nothing was changed.", 409)
    : new DomainError("not_admin", "This user is not an admin; nothing was changed.", 409);
}

/** Activates or deactivates a subscription; the tier follows unless overridden, and deactivating ends the user's sessions. */
export async function setSubscription(db: PrismaClient, input: AdminCommand & { active: boolean }) {
  return runTransaction(db, "admin.set-subscription", async (tx) => {
    const before = await lockProfile(tx, input.userId);
    if (before.subscriptionActive === input.active) {
      const state = input.active ? "already active" : "already inactive";
      throw new DomainError("subscription_unchanged", `This subscription is ${state}; nothing was changed.`, 409);
    }
    // Switching on by hand is a waiver; switching off ends every running period (ADR 0063).
    if (input.active) await grantWaiver(tx, { userId: input.userId, adminId: input.adminId });
    else await cancelRunningPeriods(tx, input.userId);
    await tx.userProfile.update({ where: { id: input.userId }, data: { subscriptionActive: input.active } });
    const tier = await recalculateTier(tx, input.userId);
    const sessionsEnded = input.active ? 0 : await deleteSessions(tx, input.userId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: input.active ? "user.subscription_activate" : "user.subscription_deactivate",
      targetType: "user",
      targetId: input.userId,
      before: { subscriptionActive: before.subscriptionActive, tier: before.tier },
      after: { subscriptionActive: input.active, tier, sessionsEnded },
    });
    return { sessionsEnded, tier };
  });
}

/** 'End sessions': signs the user out everywhere. */
export async function endUserSessions(db: PrismaClient, input: AdminCommand): Promise<number> {
  return runTransaction(db, "admin.end-sessions", async (tx) => {
    await lockProfile(tx, input.userId);
    const sessionsEnded = await deleteSessions(tx, input.userId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.sessions_end",
      targetType: "user",
      targetId: input.userId,
      after: { sessionsEnded },
    });
    return sessionsEnded;
  });
}

import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import { alertsChannel } from "~/lib/live-channels";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { publishAll } from "~/services/realtime/publish.server";

export const PREMIUM_ENDED_TITLE = "Premium Ended";

/**
 * An admin switches Premium on without a payment (ADR 0004, kept for waivers by ADR 0063): a
 * waiver period without an end date, so the expiry never ends it; the admin's audit entry is
 * written by the caller in the same transaction.
 */
export async function grantWaiver(tx: Tx, input: { userId: string; adminId: string; at?: Date }): Promise<string> {
  const row = await tx.subscription.create({
    data: { userId: input.userId, source: "waiver", startsAt: input.at ?? new Date(), grantedBy: input.adminId },
    select: { id: true },
  });
  return row.id;
}

/** An admin switches Premium off: every period still running is cancelled (paid ones keep their receipt). */
export async function cancelRunningPeriods(tx: Tx, userId: string, at = new Date()): Promise<number> {
  const cancelled = await tx.subscription.updateMany({
    where: { userId, cancelledAt: null, OR: [{ endsAt: null }, { endsAt: { gt: at } }] },
    data: { cancelledAt: at },
  });
  return cancelled.count;
}

export type OwnPeriod = {
  id: string;
  source: "payment" | "waiver";
  startsAt: string;
  endsAt: string | null;
  amount: string | null;
  receiptNumber: string | null;
  cancelled: boolean;
};

export type OwnSubscription = {
  /** Premium is on now: the flag, and not lapsed (the same rule as the session read). */
  active: boolean;
  /** When the running paid Premium ends; null for a waiver or no Premium. */
  endsAt: string | null;
  waiver: boolean;
  periods: OwnPeriod[];
};

/** The user's Premium as they see it: whether it is on, until when, and every period with its receipt. */
export async function getOwnSubscription(db: Db, userId: string, now = new Date()): Promise<OwnSubscription> {
  const [profile, rows, [lapse]] = await Promise.all([
    db.userProfile.findUniqueOrThrow({ where: { id: userId }, select: { subscriptionActive: true } }),
    db.subscription.findMany({ where: { userId }, orderBy: [{ startsAt: "desc" }, { createdAt: "desc" }], take: 50 }),
    db.$queryRaw<{ lapsed: boolean }[]>`SELECT premium_lapsed(${userId}::uuid, ${now}) AS lapsed`,
  ]);
  const running = rows.filter((row) => !row.cancelledAt && (row.endsAt === null || row.endsAt > now));
  const paidEnds = running.filter((row) => row.source === "payment").map((row) => row.endsAt!.getTime());
  return {
    active: profile.subscriptionActive && !lapse!.lapsed,
    endsAt: paidEnds.length > 0 ? new Date(Math.max(...paidEnds)).toISOString() : null,
    waiver: running.some((row) => row.source === "waiver"),
    periods: rows.map((row) => ({
      id: row.id,
      source: row.source === "waiver" ? "waiver" : "payment",
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      amount: row.amount?.toFixed(2) ?? null,
      receiptNumber: row.receiptNumber,
      cancelled: row.cancelledAt !== null,
    })),
  };
}

/**
 * Switches off Premium that has run out (a job; the session read already treats it as off,
 * so access ends at the end date whether or not the job has run): the flag, the tier, an
 * alert. Each user is claimed by a conditional update, so two runs end each once.
 */
export async function endLapsedSubscriptions(prisma: PrismaClient, now = new Date()): Promise<{ subscriptionsEnded: number }> {
  const due = await prisma.$queryRaw<{ user_id: string }[]>`
    SELECT user_id::text FROM user_profiles WHERE subscription_active AND premium_lapsed(user_id, ${now}) LIMIT 500`;
  let subscriptionsEnded = 0;
  for (const { user_id: userId } of due) {
    try {
      const ended = await runTransaction(prisma, "subscriptions.end-lapsed", async (tx) => {
        const claimed = await tx.$executeRaw`
          UPDATE user_profiles SET subscription_active = false, updated_at = ${now}
           WHERE user_id = ${userId}::uuid AND subscription_active AND premium_lapsed(user_id, ${now})`;
        if (claimed !== 1) return false;
        await recalculateTier(tx, userId);
        await createUserAlert(tx, {
          userId,
          alertType: "subscription",
          title: PREMIUM_ENDED_TITLE,
          message: "Your Premium period has ended. Renew it on the Premium page to keep investing and your dashboard.",
          createdAt: now,
        });
        await publishAll([{ channel: alertsChannel(userId), type: "wallet" }], tx);
        return true;
      });
      if (ended) subscriptionsEnded++;
    } catch (error) {
      logger.error({ err: error, userId }, "could not end a lapsed subscription; the next run tries again");
    }
  }
  return { subscriptionsEnded };
}

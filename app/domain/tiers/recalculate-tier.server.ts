import type { Db } from "~/services/db.server";
import { calculateTier, type Tier } from "./calculate-tier";

/**
 * Recomputes and stores a user's tier from their subscription and confirmed
 * investments, unless an admin has overridden it. Returns the tier in force.
 */
export async function recalculateTier(db: Db, userId: string): Promise<Tier> {
  const profile = await db.userProfile.findUnique({
    where: { id: userId },
    select: { tier: true, tierOverrideByAdmin: true, subscriptionActive: true },
  });
  if (!profile) return "explorer";
  if (profile.tierOverrideByAdmin) return profile.tier;
  const investments = await db.investment.findMany({
    where: { userId, investmentStatus: "confirmed" },
    select: { sharesOwned: true },
  });
  const tier = calculateTier({
    subscriptionActive: profile.subscriptionActive,
    confirmedInvestmentShares: investments.map((i) => i.sharesOwned),
  });
  if (tier !== profile.tier) await db.userProfile.update({ where: { id: userId }, data: { tier } });
  return tier;
}

import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../app/services/db.server";

const DAY = 24 * 60 * 60 * 1000;

/** A minimal profile with an empty wallet, as first sign-in creates it. */
export async function createUser(prisma: PrismaClient, overrides: { email?: string; isAdmin?: boolean } = {}) {
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.in`;
  return prisma.userProfile.create({
    data: {
      email,
      fullName: "Test User",
      trialExpiresAt: new Date(Date.now() + 14 * DAY),
      isAdmin: overrides.isAdmin ?? false,
      wallet: { create: {} },
    },
  });
}

export async function createProperty(
  prisma: PrismaClient,
  overrides: { id?: string; availableShares?: number; sharePrice?: string } = {},
) {
  const sharePrice = overrides.sharePrice ?? "10000";
  const totalShares = 1000;
  return prisma.property.create({
    data: {
      id: overrides.id,
      title: "Test Residency",
      city: "Pune",
      totalValue: "10000000",
      sharePrice,
      totalShares,
      availableShares: overrides.availableShares ?? totalShares,
      minimumInvestment: sharePrice,
      fundingGoal: "10000000",
      propertyStatus: "open",
    },
  });
}

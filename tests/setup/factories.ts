// The one place tests build rows: people, properties, money and sessions, all through the
// real schema (and, for money, the real ledger), never mocks.
import { randomBytes, randomUUID } from "node:crypto";
import type { PrismaClient } from "../../app/services/db.server";
import { platformCash, userAvailable } from "../../app/domain/ledger/accounts.server";
import { postJournal } from "../../app/domain/ledger/post-journal.server";
import { hashSessionId, sessionCookie, sessionLifetimes } from "../../app/services/session.server";

const DAY = 24 * 60 * 60 * 1000;

type Tier = "explorer" | "waitlist_player" | "investor" | "small_investor" | "large_investor";
type KycStatus = "pending" | "under_review" | "approved" | "rejected";
type PropertyStatus = "draft" | "upcoming" | "open" | "funded" | "closed";
type PropertyType = "residential" | "villa" | "apartment" | "commercial" | "office" | "retail" | "mixed" | "industrial";

export type UserOverrides = {
  email?: string;
  fullName?: string | null;
  tier?: Tier;
  subscriptionActive?: boolean;
  trialExpiresAt?: Date;
  tierOverrideByAdmin?: boolean;
  kycStatus?: KycStatus;
  isAdmin?: boolean;
  /** When an admin's rights began; a long-standing admin (30 days) unless the test says otherwise. */
  adminSince?: Date;
  /** First sign-in creates an empty wallet; `false` leaves the user without one. */
  wallet?: boolean;
  /** Rupees to deposit through the ledger after creating the wallet. */
  balance?: string;
};

/**
 * A profile as first sign-in creates it (explorer, 14-day trial, KYC pending, empty
 * wallet), with whatever the test needs changed.
 */
export async function createUser(prisma: PrismaClient, overrides: UserOverrides = {}) {
  const user = await prisma.userProfile.create({
    data: {
      email: overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.in`,
      fullName: overrides.fullName === undefined ? "Test User" : overrides.fullName,
      tier: overrides.tier ?? "explorer",
      subscriptionActive: overrides.subscriptionActive ?? false,
      trialExpiresAt: overrides.trialExpiresAt ?? new Date(Date.now() + 14 * DAY),
      tierOverrideByAdmin: overrides.tierOverrideByAdmin ?? false,
      kycStatus: overrides.kycStatus ?? "pending",
      isAdmin: overrides.isAdmin ?? false,
      adminSince: overrides.isAdmin ? (overrides.adminSince ?? new Date(Date.now() - 30 * DAY)) : null,
      ...(overrides.wallet === false ? {} : { wallet: { create: {} } }),
    },
  });
  if (overrides.balance && overrides.balance !== "0") await fundWallet(prisma, user.id, overrides.balance);
  return user;
}

/** A subscribed, KYC-approved investor with `balance` rupees in the wallet. */
export async function createInvestor(
  prisma: PrismaClient,
  options: { balance?: string; kycStatus?: KycStatus; subscribed?: boolean } = {},
) {
  const subscribed = options.subscribed ?? true;
  return createUser(prisma, {
    kycStatus: options.kycStatus ?? "approved",
    subscriptionActive: subscribed,
    tier: subscribed ? "waitlist_player" : "explorer",
    balance: options.balance,
  });
}

export type PropertyOverrides = {
  id?: string;
  title?: string;
  city?: string;
  totalValue?: string;
  sharePrice?: string;
  totalShares?: number;
  availableShares?: number;
  minimumInvestment?: string;
  maximumInvestment?: string | null;
  fundingGoal?: string;
  expectedAnnualReturn?: string | null;
  propertyType?: PropertyType;
  status?: PropertyStatus;
  createdAt?: Date;
};

/** An open property of 1,000 shares at ₹10,000 unless told otherwise; the minimum is one share. */
export async function createProperty(prisma: PrismaClient, overrides: PropertyOverrides = {}) {
  const sharePrice = overrides.sharePrice ?? "10000";
  const totalShares = overrides.totalShares ?? 1000;
  const totalValue = overrides.totalValue ?? "10000000";
  return prisma.property.create({
    data: {
      id: overrides.id,
      title: overrides.title ?? "Test Residency",
      city: overrides.city ?? "Pune",
      totalValue,
      sharePrice,
      totalShares,
      availableShares: overrides.availableShares ?? totalShares,
      minimumInvestment: overrides.minimumInvestment ?? sharePrice,
      maximumInvestment: overrides.maximumInvestment ?? null,
      fundingGoal: overrides.fundingGoal ?? totalValue,
      expectedAnnualReturn: overrides.expectedAnnualReturn,
      propertyType: overrides.propertyType,
      propertyStatus: overrides.status ?? "open",
      createdAt: overrides.createdAt,
    },
  });
}

/** Deposits `amount` rupees into the user's available balance with a deposit journal from platform cash. */
export async function fundWallet(prisma: PrismaClient, userId: string, amount: string) {
  await prisma.$transaction((tx) =>
    postJournal(tx, {
      kind: "deposit",
      description: "Funds added for a test",
      postings: [
        { account: userAvailable(userId), amount },
        { account: platformCash, amount: `-${amount}` },
      ],
    }),
  );
}

/**
 * A signed-in session for the user, written as sign-in writes it (only the id's SHA-256 is
 * stored), returned as the `Cookie` request header. Needs SESSION_SECRET set. `production`
 * gives the __Host- cookie an app process running with NODE_ENV=production reads.
 */
export async function createSession(
  prisma: PrismaClient,
  userId: string,
  { now = new Date(), production }: { now?: Date; production?: boolean } = {},
): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  const { idleMs, absoluteMs } = sessionLifetimes();
  await prisma.session.create({
    data: {
      idHash: hashSessionId(sessionId),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + idleMs),
      absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
    },
  });
  const setCookie = await sessionCookie(production).serialize(sessionId);
  return setCookie.split(";")[0]!;
}

export const newIdempotencyKey = () => randomUUID();

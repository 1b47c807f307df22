// Builders for the purchase tests: real rows through the real ledger, never mocks.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "~/services/db.server";
import { platformCash, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { createUser } from "../../../tests/setup/factories";

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

/** A subscribed, KYC-approved investor with `balance` rupees in the wallet. */
export async function createInvestor(
  prisma: PrismaClient,
  options: { balance?: string; kycStatus?: "pending" | "approved" | "rejected" | "under_review"; subscribed?: boolean } = {},
) {
  const user = await createUser(prisma);
  await prisma.userProfile.update({
    where: { id: user.id },
    data: {
      kycStatus: options.kycStatus ?? "approved",
      subscriptionActive: options.subscribed ?? true,
      tier: options.subscribed === false ? "explorer" : "waitlist_player",
    },
  });
  if (options.balance && options.balance !== "0") await fundWallet(prisma, user.id, options.balance);
  return user;
}

export async function createOpenProperty(
  prisma: PrismaClient,
  options: {
    sharePrice?: string;
    totalShares?: number;
    availableShares?: number;
    minimumInvestment?: string;
    maximumInvestment?: string | null;
    status?: "draft" | "upcoming" | "open" | "funded" | "closed";
    title?: string;
  } = {},
) {
  const sharePrice = options.sharePrice ?? "10000";
  const totalShares = options.totalShares ?? 1000;
  return prisma.property.create({
    data: {
      title: options.title ?? "Koregaon Park Residences",
      city: "Pune",
      totalValue: "10000000",
      sharePrice,
      totalShares,
      availableShares: options.availableShares ?? totalShares,
      minimumInvestment: options.minimumInvestment ?? sharePrice,
      maximumInvestment: options.maximumInvestment ?? null,
      fundingGoal: "10000000",
      propertyStatus: options.status ?? "open",
    },
  });
}

export const newKey = () => randomUUID();

export async function walletBalance(prisma: PrismaClient, userId: string): Promise<string> {
  const row = await prisma.escrowBalance.findUnique({ where: { userId } });
  return row?.availableBalance.toFixed(2) ?? "0.00";
}

/** Row counts of everything a purchase writes, to prove a refusal left nothing behind. */
export async function purchaseFootprint(prisma: PrismaClient) {
  const [transactions, investments, journals, postings, alerts, positions, properties, wallets] = await Promise.all([
    prisma.transaction.count(),
    prisma.investment.count(),
    prisma.ledgerJournal.count(),
    prisma.ledgerPosting.count(),
    prisma.userAlert.count(),
    prisma.userPropertyPosition.findMany({ orderBy: [{ userId: "asc" }, { propertyId: "asc" }] }),
    prisma.property.findMany({
      orderBy: { id: "asc" },
      select: { id: true, availableShares: true, fundedAmount: true, propertyStatus: true },
    }),
    prisma.escrowBalance.findMany({ orderBy: { userId: "asc" }, select: { userId: true, availableBalance: true } }),
  ]);
  return JSON.parse(
    JSON.stringify({ transactions, investments, journals, postings, alerts, positions, properties, wallets }),
  ) as unknown;
}

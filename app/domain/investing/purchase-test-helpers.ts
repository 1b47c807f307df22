// The purchase tests' builders live in tests/setup/factories.ts with everyone else's;
// this file keeps their old names and adds the reads that only these tests use.
import type { PrismaClient } from "~/services/db.server";
import { createProperty, type PropertyOverrides } from "../../../tests/setup/factories";

export { createInvestor, fundWallet, newIdempotencyKey as newKey } from "../../../tests/setup/factories";

/** An open property as the purchase tests know it. */
export function createOpenProperty(prisma: PrismaClient, options: Omit<PropertyOverrides, "id"> = {}) {
  return createProperty(prisma, { title: "Koregaon Park Residences", ...options });
}

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
  return JSON.parse(JSON.stringify({ transactions, investments, journals, postings, alerts, positions, properties, wallets })) as unknown;
}

// Builders for the market tests: a tradable property and a seller who bought into it the real way.
import type { PrismaClient } from "~/services/db.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";

export { createInvestor, newIdempotencyKey as newKey } from "../../../tests/setup/factories";

export async function createMarket(prisma: PrismaClient, options: { sellerShares?: number; sharePrice?: string } = {}) {
  const property = await createProperty(prisma, {
    title: "Baner Heights",
    // A city no demo property is in, so the catalogue the e2e specs filter by city is left as seeded.
    city: "Nashik",
    sharePrice: options.sharePrice ?? "100",
    minimumInvestment: "100",
  });
  const seller = await createInvestor(prisma, { balance: "1000000" });
  await purchaseShares(prisma, {
    userId: seller.id,
    propertyId: property.id,
    shares: options.sellerShares ?? 20,
    idempotencyKey: newIdempotencyKey(),
  });
  await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
  return { property, seller };
}

export async function wallet(prisma: PrismaClient, userId: string) {
  const row = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

export async function position(prisma: PrismaClient, userId: string, propertyId: string) {
  const row = await prisma.userPropertyPosition.findUnique({ where: { userId_propertyId: { userId, propertyId } } });
  return { shares: row?.shares ?? 0, committed: row?.committedShares ?? 0 };
}

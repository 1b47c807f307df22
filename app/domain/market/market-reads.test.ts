import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createMarket, newKey } from "./market-test-helpers";
import { listAvailableShares } from "./market-reads.server";
import { createSellRequest } from "./sell-requests.server";

const db = useTestDatabase();

describe("listAvailableShares's prepared reads", () => {
  it("gives each listing as its row holds it (price to two places, the row's own times) for a property and for all", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const cheap = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "5",
      pricePerShare: "110.5",
      idempotencyKey: newKey(),
    });
    const dear = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "4",
      pricePerShare: "115",
      idempotencyKey: newKey(),
    });
    // Three of the dear listing's shares promised to a hold: one left to take.
    await prisma.shareSellRequest.update({ where: { id: dear.orderId }, data: { heldShares: 3 } });
    // An expired listing is not offered.
    const stale = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "2",
      pricePerShare: "90",
      idempotencyKey: newKey(),
    });
    await prisma.shareSellRequest.update({ where: { id: stale.orderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const other = await createMarket(prisma, { sellerShares: 10 });
    await createSellRequest(prisma, {
      sellerId: other.seller.id,
      propertyId: other.property.id,
      shares: "1",
      pricePerShare: "99.99",
      idempotencyKey: newKey(),
    });

    const rows = await prisma.shareSellRequest.findMany({ where: { id: { in: [cheap.orderId, dear.orderId] } } });
    const row = (id: string) => rows.find((r) => r.id === id)!;
    const expected = [
      { id: cheap.orderId, availableShares: 5, pricePerShare: "110.50" },
      { id: dear.orderId, availableShares: 1, pricePerShare: "115.00" },
    ].map((listing) => ({
      ...listing,
      propertyId: property.id,
      propertyTitle: property.title,
      sellerId: seller.id,
      issuePrice: "100.00",
      lastPrice: null,
      expiresAt: row(listing.id).expiresAt.toISOString(),
      createdAt: row(listing.id).createdAt.toISOString(),
    }));

    expect(await listAvailableShares(prisma, { propertyId: property.id })).toEqual(expected);
    const all = await listAvailableShares(prisma);
    expect(all.map((listing) => listing.pricePerShare)).toEqual(["99.99", "110.50", "115.00"]);
    expect(all.slice(1)).toEqual(expected);
  });
});

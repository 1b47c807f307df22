import { afterEach, describe, expect, it } from "vitest";
import { directTestUrl, useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { createSellRequest } from "./sell-requests.server";
import { instantBuyShares } from "./settle-trades.server";
import { createInvestor, createMarket, newKey } from "./market-test-helpers";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

/** Calls of recalculate_tier made on `client`'s one connection so far (its statistics flushed first). */
async function tierRecalculations(client: PrismaClient): Promise<number> {
  await client.$executeRawUnsafe("SELECT pg_stat_force_next_flush()");
  await client.$executeRawUnsafe("SELECT pg_stat_clear_snapshot()");
  const [row] = await client.$queryRawUnsafe<{ calls: string }[]>(
    "SELECT coalesce(sum(calls), 0)::text AS calls FROM pg_stat_user_functions WHERE funcname = 'recalculate_tier'",
  );
  return Number(row!.calls);
}

describe("a settlement's tiers (ADR 0108)", () => {
  it("raises a buyer below the top, leaves a large investor's unrecomputed, and always recomputes the seller's", async () => {
    const { prisma, url } = db.current;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20, sharePrice: "150" });
    const order = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "20",
      pricePerShare: "150.00",
      idempotencyKey: newKey(),
    });
    const buyer = await createInvestor(prisma, { balance: "5000" });
    await prisma.userProfile.update({ where: { id: buyer.id }, data: { tier: "small_investor" } });

    // One connection (past a pooler, whose transaction mode would not keep the setting), with the
    // function statistics on, so its calls can be counted.
    const counted = createPrismaClient(directTestUrl(url) ?? url, { max: 1 });
    try {
      await counted.$executeRawUnsafe("SET track_functions = 'pl'");
      const tierOf = async (id: string) => (await prisma.userProfile.findUniqueOrThrow({ where: { id } })).tier;

      let before = await tierRecalculations(counted);
      await instantBuyShares(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
      // Below the top: the buyer's two shares in one lot make a large investor; the seller's too.
      expect((await tierRecalculations(counted)) - before).toBe(2);
      expect(await tierOf(buyer.id)).toBe("large_investor");

      before = await tierRecalculations(counted);
      await instantBuyShares(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() });
      // At the top a purchase cannot move the buyer: only the seller's tier is worked out again.
      expect((await tierRecalculations(counted)) - before).toBe(1);
      expect(await tierOf(buyer.id)).toBe("large_investor");
      expect(await tierOf(seller.id)).toBe("large_investor");
    } finally {
      await counted.$disconnect();
    }
  });
});

import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { holderWarnings } from "~/domain/admin/properties/holder-warnings.server";
import { createSellRequest } from "./sell-requests.server";
import { instantBuyShares } from "./settle-trades.server";
import { getMarketData } from "./market-data.server";
import { createInvestor, createMarket, newKey } from "./market-test-helpers";

const db = useTestDatabase();

describe("market data", () => {
  it("shows the issue price and an empty history before any trade", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const data = (await getMarketData(prisma, property.id))!;
    expect(data).toEqual({
      issuePrice: "100.00",
      lastTrade: null,
      volume30d: { shares: 0, value: "0.00", trades: 0 },
      openSellRequests: 0,
      bestPrice: null,
      history: [],
    });
    expect(await getMarketData(prisma, "no-such-property")).toBeNull();
  });

  it("reads the last trade, 30-day volume, open orders with their best price, and draws the history", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const buyer = await createInvestor(prisma, { balance: "10000" });
    const sold = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "4",
      pricePerShare: "110",
      idempotencyKey: newKey(),
    });
    await instantBuyShares(prisma, { buyerId: buyer.id, orderId: sold.orderId, shares: "3", idempotencyKey: newKey() });
    const later = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "2",
      pricePerShare: "125.50",
      idempotencyKey: newKey(),
    });
    await instantBuyShares(prisma, { buyerId: buyer.id, orderId: later.orderId, shares: "2", idempotencyKey: newKey() });
    await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "5",
      pricePerShare: "130",
      idempotencyKey: newKey(),
    });
    const data = (await getMarketData(prisma, property.id))!;
    expect(data.lastTrade?.price).toBe("125.50");
    expect(data.volume30d).toEqual({ shares: 5, value: "581.00", trades: 2 });
    // The first order still has 1 share at ₹110; the new one asks ₹130.
    expect([data.openSellRequests, data.bestPrice]).toEqual([2, "110.00"]);
    expect(data.history.map((p) => [p.price, p.shares])).toEqual([
      ["110.00", 3],
      ["125.50", 2],
    ]);
  });

  it("warns at 200 holders and above the concentration limit", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma, { sellerShares: 150 });
    const warnings = await holderWarnings(prisma, 10, [property.id]);
    expect(warnings[property.id]?.largestPercent).toBe("15.00");
    expect(warnings[property.id]?.warnings).toEqual(["One investor holds 15.00% of the shares, more than the 10% concentration limit."]);
    expect((await holderWarnings(prisma, 20, [property.id]))[property.id]?.warnings).toEqual([]);
    // 199 more holders of one share each: 200 in all.
    const users = await prisma.userProfile.createManyAndReturn({
      data: Array.from({ length: 199 }, (_, i) => ({
        email: `holder-${i}-${property.id.slice(0, 6)}@example.in`,
        trialExpiresAt: new Date(),
      })),
      select: { id: true },
    });
    await prisma.userPropertyPosition.createMany({ data: users.map((u) => ({ userId: u.id, propertyId: property.id, shares: 1 })) });
    const at200 = (await holderWarnings(prisma, 20, [property.id]))[property.id]!;
    expect(at200.holders).toBe(200);
    expect(at200.warnings[0]).toMatch(/^200 investors hold shares: at 200 holders the SM REIT threshold is reached/);
  });
});

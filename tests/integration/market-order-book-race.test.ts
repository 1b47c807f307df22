import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "#tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { placeBuyOrder } from "~/domain/market/buy-orders.server";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { MarketError } from "~/domain/market/market-errors";
import type { PrismaClient } from "~/services/db.server";

const db = useTestDatabase();

const TRADERS = 50;
const SHARES_EACH = 4;

/** A tradable property with 50 sellers of 4 shares each and 50 buyers with cash. */
async function crowd(prisma: PrismaClient) {
  const property = await createProperty(prisma, { title: "Race Court", city: "Nashik", sharePrice: "100", minimumInvestment: "100" });
  const sellers = [];
  for (let i = 0; i < TRADERS; i++) {
    const seller = await createInvestor(prisma, { balance: "1000" });
    await purchaseShares(prisma, { userId: seller.id, propertyId: property.id, shares: SHARES_EACH, idempotencyKey: newIdempotencyKey() });
    sellers.push(seller);
  }
  await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
  const buyers = [];
  for (let i = 0; i < TRADERS; i++) buyers.push(await createInvestor(prisma, { balance: "1000" }));
  return { property, sellers, buyers };
}

// Prices in ₹1 steps from ₹95 to ₹105, spread so many orders cross at once.
const priceFor = (i: number) => String(95 + ((i * 7) % 11));

describe.each([
  { mode: "reservations (flag on)", instant: false },
  { mode: "instant settlement (flag off)", instant: true },
])("100 concurrent traders on one property: $mode", ({ instant }) => {
  it("never oversells, never fills an order twice, and leaves the book uncrossed", { timeout: 180_000 }, async () => {
    const { prisma } = db.current;
    const { property, sellers, buyers } = await crowd(prisma);
    const work = [
      ...sellers.map(
        (s, i) => () =>
          createSellRequest(
            prisma,
            {
              sellerId: s.id,
              propertyId: property.id,
              shares: String(SHARES_EACH),
              pricePerShare: priceFor(i),
              idempotencyKey: newIdempotencyKey(),
            },
            new Date(),
            { instant },
          ),
      ),
      ...buyers.map(
        (b, i) => () =>
          placeBuyOrder(
            prisma,
            {
              buyerId: b.id,
              propertyId: property.id,
              shares: String(SHARES_EACH),
              maxPrice: priceFor(i + 3),
              idempotencyKey: newIdempotencyKey(),
            },
            { instant },
          ),
      ),
    ];
    // Interleave both sides so sells and buys race each other.
    const order = work.map((_, i) => (i % 2 === 0 ? i / 2 : TRADERS + (i - 1) / 2));
    const results = await Promise.allSettled(order.map((i) => work[i]!()));
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(MarketError);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(90);

    const fills = await prisma.shareFill.findMany({ where: { propertyId: property.id } });
    expect(fills.length).toBeGreaterThan(0);
    // No double fill: each buy order's fills add up to what it no longer wants, never more.
    const buyOrders = await prisma.shareBuyOrder.findMany({ where: { propertyId: property.id } });
    for (const b of buyOrders) {
      const filled = fills.filter((f) => f.buyOrderId === b.id).reduce((n, f) => n + f.shares, 0);
      expect(filled).toBe(b.sharesWanted - b.remainingShares);
      expect(b.status).toBe(b.remainingShares === 0 ? "filled" : "active");
    }
    // No oversell: each sell order's fills are exactly what left it (instant) or what it promised (reservations).
    const sellOrders = await prisma.shareSellRequest.findMany({ where: { propertyId: property.id } });
    for (const s of sellOrders) {
      const filled = fills.filter((f) => f.sellOrderId === s.id).reduce((n, f) => n + f.shares, 0);
      expect(filled).toBe(instant ? s.sharesToSell - s.remainingShares : s.heldShares);
      expect(s.heldShares).toBeLessThanOrEqual(s.remainingShares);
    }
    // Shares are conserved and no one holds more committed than owned.
    const positions = await prisma.userPropertyPosition.findMany({ where: { propertyId: property.id } });
    expect(positions.reduce((n, p) => n + p.shares, 0)).toBe(TRADERS * SHARES_EACH);
    for (const p of positions) expect(p.committedShares).toBeLessThanOrEqual(p.shares);
    // The book is uncrossed: the best open bid is below the best ask with free shares.
    const [book] = await prisma.$queryRaw<{ bid: string | null; ask: string | null }[]>`
      SELECT (SELECT max(max_price)::text FROM share_buy_orders WHERE property_id = ${property.id} AND status = 'active') AS bid,
             (SELECT min(price_per_share)::text FROM share_sell_requests
               WHERE property_id = ${property.id} AND status = 'active' AND remaining_shares > held_shares) AS ask`;
    if (book!.bid && book!.ask) expect(Number(book!.bid)).toBeLessThan(Number(book!.ask));
    // Every held rupee is an open buy order's or an open reservation's.
    const [held] = await prisma.$queryRaw<{ wallets: string; orders: string }[]>`
      SELECT (SELECT COALESCE(sum(held_balance), 0)::text FROM escrow_balances) AS wallets,
             ((SELECT COALESCE(sum(held_amount), 0) FROM share_buy_orders WHERE status = 'active')
              + (SELECT COALESCE(sum(amount), 0) FROM share_buyer_holds WHERE hold_status IN ('pending', 'reserved')))::text AS orders`;
    expect(held!.wallets).toBe(held!.orders);
    expect(await checkLedger(prisma)).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createSellRequest } from "./sell-requests.server";
import { settleReservation } from "./settle-trades.server";
import { expireMarket } from "./expire-market.server";
import { adminCancelBuyOrder, cancelBuyOrder, cancelBuyOrdersForProperty, placeBuyOrder } from "./buy-orders.server";
import { MarketError } from "./market-errors";
import { createInvestor, createMarket, newKey, position, wallet } from "./market-test-helpers";
import { createUser } from "../../../tests/setup/factories";
import { haltTrading, resumeTrading } from "./market-halts.server";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

async function refusal(promise: Promise<unknown>): Promise<MarketError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketError);
  return error as MarketError;
}

const bid = (buyerId: string, propertyId: string, shares: number, maxPrice: string, instant = false, expiryDays?: string) =>
  placeBuyOrder(
    db.current.prisma,
    { buyerId, propertyId, shares: String(shares), maxPrice, expiryDays, idempotencyKey: newKey() },
    { instant },
  );

const ask = (sellerId: string, propertyId: string, shares: number, price: string, instant = false) =>
  createSellRequest(
    db.current.prisma,
    { sellerId, propertyId, shares: String(shares), pricePerShare: price, idempotencyKey: newKey() },
    new Date(),
    { instant },
  );

describe("buy orders", () => {
  it("hold their whole cost, and cancelling releases it exactly once", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const order = await bid(buyer.id, property.id, 10, "110.50");
    expect(order.held).toBe("1105.00");
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "3895.00", held: "1105.00" });
    const stranger = await createInvestor(prisma, { balance: "0" });
    expect((await refusal(cancelBuyOrder(prisma, { buyerId: stranger.id, orderId: order.orderId }))).status).toBe(404);
    await cancelBuyOrder(prisma, { buyerId: buyer.id, orderId: order.orderId });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
    expect((await refusal(cancelBuyOrder(prisma, { buyerId: buyer.id, orderId: order.orderId }))).message).toBe(
      "This buy order is no longer open.",
    );
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
  });

  it("refuses explorers, prices off the band or the paisa, expiries past 30 days and a short wallet, writing nothing", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const explorer = await createInvestor(prisma, { balance: "5000", subscribed: false });
    expect((await refusal(bid(explorer.id, property.id, 1, "100"))).status).toBe(403);
    const buyer = await createInvestor(prisma, { balance: "500" });
    expect((await refusal(bid(buyer.id, property.id, 1, "120.01"))).message).toBe(
      "Price per share must be between ₹80 and ₹120 (within 20% of the reference price)",
    );
    expect((await refusal(bid(buyer.id, property.id, 1, "79.99"))).status).toBe(422);
    expect((await refusal(bid(buyer.id, property.id, 1, "100.001"))).field).toBe("maxPrice");
    expect((await refusal(bid(buyer.id, property.id, 1, "100", false, "31"))).field).toBe("expiryDays");
    expect((await refusal(bid(buyer.id, property.id, 6, "100"))).message).toContain("Your balance is ₹500.00");
    expect(await prisma.shareBuyOrder.count({ where: { propertyId: property.id } })).toBe(0);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "500.00", held: "0.00" });
  });

  it("expire through the market's expiry job, releasing the hold once", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const buyer = await createInvestor(prisma, { balance: "1000" });
    await bid(buyer.id, property.id, 5, "100", false, "2");
    const later = new Date(Date.now() + 3 * 24 * 3_600_000);
    const [first, second] = await Promise.all([expireMarket(prisma, later), expireMarket(prisma, later)]);
    expect(first.buyOrders + second.buyOrders).toBe(1);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "1000.00", held: "0.00" });
  });

  it("cancelBuyOrdersForProperty releases every open bid of the property", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const a = await createInvestor(prisma, { balance: "1000" });
    const b = await createInvestor(prisma, { balance: "1000" });
    await bid(a.id, property.id, 2, "100");
    await bid(b.id, property.id, 3, "90");
    const cancelled = await prisma.$transaction((tx) => cancelBuyOrdersForProperty(tx, property.id, "Property exit began"));
    expect(cancelled).toBe(2);
    expect(await wallet(prisma, a.id)).toEqual({ available: "1000.00", held: "0.00" });
    expect(await wallet(prisma, b.id)).toEqual({ available: "1000.00", held: "0.00" });
  });
});

describe("matching", () => {
  it("flag off: a crossing ask fills the best bid first at the bid's price, partially, and settles at once", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const early = await createInvestor(prisma, { balance: "2000" });
    const late = await createInvestor(prisma, { balance: "2000" });
    const high = await createInvestor(prisma, { balance: "2000" });
    const first = await bid(early.id, property.id, 4, "105", true);
    const second = await bid(late.id, property.id, 4, "105", true);
    const best = await bid(high.id, property.id, 3, "110", true);
    expect(first.fills + second.fills + best.fills).toBe(0);
    const sold = await ask(seller.id, property.id, 5, "100", true);
    expect(sold.fills).toBe(2);
    // The 110 bid filled whole at 110; the earlier 105 bid got the other 2 at 105; the later nothing.
    expect(await position(prisma, high.id, property.id)).toEqual({ shares: 3, committed: 0 });
    expect(await position(prisma, early.id, property.id)).toEqual({ shares: 2, committed: 0 });
    expect(await position(prisma, late.id, property.id)).toEqual({ shares: 0, committed: 0 });
    expect(await wallet(prisma, high.id)).toEqual({ available: "1670.00", held: "0.00" });
    expect(await wallet(prisma, early.id)).toEqual({ available: "1580.00", held: "210.00" });
    const remaining = await prisma.shareBuyOrder.findUniqueOrThrow({ where: { id: first.orderId } });
    expect([remaining.status, remaining.remainingShares, remaining.heldAmount.toFixed(2)]).toEqual(["active", 2, "210.00"]);
    expect(await prisma.shareFill.count({ where: { propertyId: property.id } })).toBe(2);
    const order = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: sold.orderId } });
    expect(order.status).toBe("completed");
  });

  it("flag on: a crossing bid makes a reservation at the ask's price that an admin settles; self-trades are refused", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const admin = await createUser(prisma, { isAdmin: true });
    const buyer = await createInvestor(prisma, { balance: "2000" });
    await ask(seller.id, property.id, 5, "98");
    expect((await refusal(bid(seller.id, property.id, 1, "99"))).code).toBe("self_trade");
    const order = await bid(buyer.id, property.id, 8, "100");
    expect([order.fills, order.filledShares]).toEqual([1, 5]);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "1210.00", held: "790.00" });
    const reservation = await prisma.shareReservation.findFirstOrThrow({ where: { buyerId: buyer.id } });
    expect([reservation.shares, reservation.pricePerShare.toFixed(2), reservation.amount.toFixed(2)]).toEqual([5, "98.00", "490.00"]);
    await settleReservation(prisma, { adminId: admin.id, reservationId: reservation.id });
    expect(await position(prisma, buyer.id, property.id)).toEqual({ shares: 5, committed: 0 });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "1210.00", held: "300.00" });
  });

  it("halted: orders rest without matching; resuming matches the older at its price", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const admin = await createUser(prisma, { isAdmin: true });
    const buyer = await createInvestor(prisma, { balance: "2000" });
    await haltTrading(prisma, { adminId: admin.id, propertyId: property.id, reason: "Audit" });
    const order = await bid(buyer.id, property.id, 2, "104", true);
    const sold = await ask(seller.id, property.id, 2, "100", true);
    expect([order.fills, sold.fills]).toEqual([0, 0]);
    const resumed = await resumeTrading(prisma, { adminId: admin.id, propertyId: property.id }, { instant: true });
    expect(resumed.fills).toBe(1);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "1792.00", held: "0.00" });
    const audit = await prisma.adminAuditLog.findMany({ where: { targetId: property.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["market.halt", "market.resume"]);
  });

  it("an admin cancels any bid with a reason, audited", async () => {
    const { prisma } = db.current;
    const { property } = await createMarket(prisma);
    const admin = await createUser(prisma, { isAdmin: true });
    const buyer = await createInvestor(prisma, { balance: "1000" });
    const order = await bid(buyer.id, property.id, 2, "100");
    expect((await refusal(adminCancelBuyOrder(prisma, { adminId: admin.id, orderId: order.orderId, reason: " " }))).field).toBe("reason");
    await adminCancelBuyOrder(prisma, { adminId: admin.id, orderId: order.orderId, reason: "Suspicious pattern" });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "1000.00", held: "0.00" });
    const entry = await prisma.adminAuditLog.findFirstOrThrow({ where: { targetId: order.orderId } });
    expect(entry.action).toBe("buy_order.cancel");
  });
});

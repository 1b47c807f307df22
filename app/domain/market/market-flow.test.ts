import { Decimal } from "~/lib/money";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createSellRequest, cancelSellRequest } from "./sell-requests.server";
import { cancelHold, confirmHold, createBuyerHold } from "./buyer-holds.server";
import { cancelReservation, instantBuyShares, settleReservation } from "./settle-trades.server";
import { expireMarket } from "./expire-market.server";
import { listAvailableShares } from "./market-reads.server";
import { DuplicateSubmitError, MarketError } from "./market-errors";
import { createInvestor, createMarket, newKey, position, wallet } from "./market-test-helpers";
import { createUser } from "../../../tests/setup/factories";

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

// The ask sits at the issue price, inside the ±20% band around it (ADR 0076).
async function listed(shares = 10, price = "150.00", sharePrice = "150") {
  const { prisma } = db.current;
  const market = await createMarket(prisma, { sharePrice });
  const order = await createSellRequest(prisma, {
    sellerId: market.seller.id,
    propertyId: market.property.id,
    shares: String(shares),
    pricePerShare: price,
    idempotencyKey: newKey(),
  });
  return { ...market, order };
}

describe("sell orders", () => {
  it("commits listed shares so they cannot be listed twice, and cancelling releases them", async () => {
    const { prisma } = db.current;
    const { seller, property, order } = await listed(15);
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 20, committed: 15 });
    const tooMany = await refusal(
      createSellRequest(prisma, {
        sellerId: seller.id,
        propertyId: property.id,
        shares: "6",
        pricePerShare: "1",
        idempotencyKey: newKey(),
      }),
    );
    expect(tooMany.message).toBe("You only own 5 shares, cannot sell 6 shares");
    const stranger = await createInvestor(prisma, { balance: "0" });
    expect((await refusal(cancelSellRequest(prisma, { sellerId: stranger.id, orderId: order.orderId }))).status).toBe(404);
    await cancelSellRequest(prisma, { sellerId: seller.id, orderId: order.orderId });
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 20, committed: 0 });
    expect((await refusal(cancelSellRequest(prisma, { sellerId: seller.id, orderId: order.orderId }))).message).toBe(
      "This sell order is no longer active.",
    );
  });

  it("refuses selling when the property is not sellable, and bad shares or prices", async () => {
    const { prisma } = db.current;
    const { seller, property } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false } });
    const off = await refusal(
      createSellRequest(prisma, {
        sellerId: seller.id,
        propertyId: property.id,
        shares: "1",
        pricePerShare: "1",
        idempotencyKey: newKey(),
      }),
    );
    expect(off.message).toBe("Share selling is not yet enabled for this property. Contact admin if you wish to sell your shares.");
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    for (const [shares, price] of [
      ["0", "1"],
      ["1.5", "1"],
      ["1", "0"],
      ["1", "0.001"],
    ]) {
      expect(
        (
          await refusal(
            createSellRequest(prisma, {
              sellerId: seller.id,
              propertyId: property.id,
              shares,
              pricePerShare: price,
              idempotencyKey: newKey(),
            }),
          )
        ).status,
      ).toBe(422);
    }
  });

  it("never over-commits under 20 racing listings of 5 shares each", async () => {
    const { prisma } = db.current;
    const { seller, property } = await createMarket(prisma);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        createSellRequest(prisma, {
          sellerId: seller.id,
          propertyId: property.id,
          shares: "5",
          pricePerShare: "100",
          idempotencyKey: newKey(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 20, committed: 20 });
  });
});

describe("holds (flag on)", () => {
  it("hold, both confirm, admin settles: money and shares move exactly once", async () => {
    const { prisma } = db.current;
    const { seller, property, order } = await listed(10, "120.00", "100");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const admin = await createUser(prisma, { isAdmin: true });
    const sellerBefore = await wallet(prisma, seller.id);

    const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "4", idempotencyKey: newKey() });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "4520.00", held: "480.00" });
    expect((await listAvailableShares(prisma, { propertyId: property.id }))[0]!.availableShares).toBe(6);

    expect((await refusal(confirmHold(prisma, { userId: seller.id, holdId: hold.holdId, side: "seller" }))).message).toBe(
      "The buyer has not confirmed this hold yet.",
    );
    await confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
    expect((await refusal(confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" }))).message).toBe(
      "You have already confirmed this hold.",
    );
    const confirmed = await confirmHold(prisma, { userId: seller.id, holdId: hold.holdId, side: "seller" });
    expect(confirmed.reservationId).toBeTruthy();

    const settlements = await Promise.allSettled(
      [1, 2].map(() => settleReservation(prisma, { adminId: admin.id, reservationId: confirmed.reservationId!, notes: "paid" })),
    );
    expect(settlements.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "4520.00", held: "0.00" });
    expect((await wallet(prisma, seller.id)).available).toBe(new Decimal(sellerBefore.available).plus(480).toFixed(2));
    expect(await position(prisma, buyer.id, property.id)).toEqual({ shares: 4, committed: 0 });
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 16, committed: 6 });
    const after = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } });
    expect([after.remainingShares, after.heldShares, after.status]).toEqual([6, 0, "active"]);
    expect(await prisma.adminAuditLog.count({ where: { action: "reservation.settle" } })).toBe(1);
    const sellerPosition = await prisma.userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: seller.id, propertyId: property.id } },
    });
    expect(sellerPosition.realisedProfit.toFixed(2)).toBe("80.00");
  });

  it("refuses the spec's cases: own order, explorer tier, short wallet, too many shares, confirm after expiry", async () => {
    const { prisma } = db.current;
    const { seller, order } = await listed(10, "150.00");
    expect(
      (await refusal(createBuyerHold(prisma, { buyerId: seller.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() })))
        .message,
    ).toBe("You cannot buy from your own sell order.");
    const explorer = await createUser(prisma, { balance: "5000" });
    expect(
      (await refusal(createBuyerHold(prisma, { buyerId: explorer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() })))
        .message,
    ).toBe("You must be a waitlist player or higher to purchase shares. Please upgrade your account.");
    const poor = await createInvestor(prisma, { balance: "100" });
    expect(
      (await refusal(createBuyerHold(prisma, { buyerId: poor.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() }))).message,
    ).toContain("₹100.00");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    expect(
      (await refusal(createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "11", idempotencyKey: newKey() })))
        .message,
    ).toBe("Only 10 shares are available");
    const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    await prisma.shareBuyerHold.update({ where: { id: hold.holdId }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    expect((await refusal(confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" }))).message).toBe(
      "This hold has expired.",
    );
  });

  it("lets an admin whose tier is explorer buy, as the spec lists admins among buyers (ADR 0057)", async () => {
    const { prisma } = db.current;
    const { property, order } = await listed(10, "150.00");
    const admin = await createUser(prisma, { isAdmin: true, balance: "5000" });
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: admin.id } })).tier).toBe("explorer");
    const hold = await createBuyerHold(prisma, { buyerId: admin.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    expect(hold.amount).toBe("300.00");
    expect(await wallet(prisma, admin.id)).toEqual({ available: "4700.00", held: "300.00" });
    const trade = await instantBuyShares(prisma, { buyerId: admin.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() });
    expect(trade.amount).toBe("150.00");
    expect(await position(prisma, admin.id, property.id)).toEqual({ shares: 1, committed: 0 });
  });

  it("a repeated form key changes nothing; the same key with other parameters is a 409", async () => {
    const { prisma } = db.current;
    const { order } = await listed(10, "150.00");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const key = newKey();
    const first = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: key });
    const again = await refusal(createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: key }));
    expect(again).toBeInstanceOf(DuplicateSubmitError);
    expect(again.message).toBe("This purchase is already being processed.");
    expect((again as DuplicateSubmitError).link).toEqual({ kind: "hold", id: first.holdId });
    expect(
      (await refusal(createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: key }))).status,
    ).toBe(409);
    expect(await prisma.shareBuyerHold.count({ where: { buyerId: buyer.id } })).toBe(1);
  });

  it("cancel by either side and by the admin release funds and shares", async () => {
    const { prisma } = db.current;
    const { seller, order } = await listed(10, "150.00");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const admin = await createUser(prisma, { isAdmin: true });
    const h1 = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    await cancelHold(prisma, { userId: seller.id, holdId: h1.holdId });
    expect((await refusal(cancelHold(prisma, { userId: buyer.id, holdId: h1.holdId }))).message).toBe("This hold is no longer open.");
    const h2 = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: newKey() });
    await confirmHold(prisma, { userId: buyer.id, holdId: h2.holdId, side: "buyer" });
    const { reservationId } = await confirmHold(prisma, { userId: seller.id, holdId: h2.holdId, side: "seller" });
    await cancelReservation(prisma, { adminId: admin.id, reservationId: reservationId! });
    expect((await refusal(settleReservation(prisma, { adminId: admin.id, reservationId: reservationId! }))).status).toBe(409);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
    const after = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } });
    expect([after.remainingShares, after.heldShares]).toEqual([10, 0]);
  });

  it("100 concurrent buyers on one listing never oversell it", { timeout: 120_000 }, async () => {
    const { prisma } = db.current;
    const { order, seller, property } = await listed(10, "10.00", "10");
    const buyers = [];
    for (let i = 0; i < 100; i++) buyers.push(await createInvestor(prisma, { balance: "100" }));
    const results = await Promise.allSettled(
      buyers.map((b) => createBuyerHold(prisma, { buyerId: b.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() })),
    );
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(MarketError);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const after = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } });
    expect(after.heldShares).toBe(10);
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 20, committed: 10 });
  });

  it("expiry releases holds, reservations and orders exactly once with two workers", async () => {
    const { prisma } = db.current;
    const { seller, property, order } = await listed(10, "150.00");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    const h2 = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: newKey() });
    await confirmHold(prisma, { userId: buyer.id, holdId: h2.holdId, side: "buyer" });
    await confirmHold(prisma, { userId: seller.id, holdId: h2.holdId, side: "seller" });

    // Other tests' records share this database: count what is due first, then expect exactly that.
    const in2Hours = new Date(Date.now() + 2 * 3600_000);
    const dueHolds = await prisma.shareBuyerHold.count({ where: { holdStatus: "pending", holdExpiresAt: { lte: in2Hours } } });
    const [a, b] = await Promise.all([expireMarket(prisma, in2Hours), expireMarket(prisma, in2Hours)]);
    expect(a.holds + b.holds).toBe(dueHolds);
    expect((await prisma.shareBuyerHold.findUniqueOrThrow({ where: { id: h2.holdId } })).holdStatus).toBe("reserved");
    const in4Days = new Date(Date.now() + 4 * 86_400_000);
    const dueReservations = await prisma.shareReservation.count({ where: { status: "active", expiresAt: { lte: in4Days } } });
    const [c, d] = await Promise.all([expireMarket(prisma, in4Days), expireMarket(prisma, in4Days)]);
    expect(c.reservations + d.reservations).toBe(dueReservations);
    expect((await prisma.shareBuyerHold.findUniqueOrThrow({ where: { id: h2.holdId } })).holdStatus).toBe("expired");
    const voids = await prisma.ledgerJournal.count({ where: { phase: "void", pendingJournal: { userId: buyer.id } } });
    expect(voids).toBe(2);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    const dueOrders = await prisma.shareSellRequest.count({ where: { status: "active", expiresAt: { lte: in31Days } } });
    const [e, f] = await Promise.all([expireMarket(prisma, in31Days), expireMarket(prisma, in31Days)]);
    expect(e.orders + f.orders).toBe(dueOrders);
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 20, committed: 0 });
    expect((await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } })).status).toBe("expired");
  });
});

describe("instant purchase (flag off)", () => {
  it("settles at once, completes the order on the last share, and refuses a repeat", async () => {
    const { prisma } = db.current;
    const { seller, property, order } = await listed(3, "150.00");
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const key = newKey();
    const trade = await instantBuyShares(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: key });
    expect(trade.amount).toBe("450.00");
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "4550.00", held: "0.00" });
    expect(await position(prisma, buyer.id, property.id)).toEqual({ shares: 3, committed: 0 });
    expect(await position(prisma, seller.id, property.id)).toEqual({ shares: 17, committed: 0 });
    expect((await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } })).status).toBe("completed");
    const again = await refusal(instantBuyShares(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: key }));
    expect(again).toBeInstanceOf(DuplicateSubmitError);
    expect(
      (await refusal(instantBuyShares(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() })))
        .message,
    ).toBe("This sell order is no longer active.");
  });
});

describe("the database's own guards on shares", () => {
  it("refuses committing more shares than owned and holding more than remain, whatever the code does", async () => {
    const { prisma } = db.current;
    const { seller, property, order } = await listed(10, "150.00");
    await expect(
      prisma.$executeRaw`UPDATE user_property_positions SET committed_shares = shares + 1 WHERE user_id = ${seller.id}::uuid AND property_id = ${property.id}`,
    ).rejects.toThrow(/user_property_positions_committed_within_owned/);
    await expect(
      prisma.$executeRaw`UPDATE share_sell_requests SET held_shares = remaining_shares + 1 WHERE id = ${order.orderId}::uuid`,
    ).rejects.toThrow(/share_sell_requests_shares_held_within_remaining/);
  });
});

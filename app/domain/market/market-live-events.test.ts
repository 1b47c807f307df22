import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directTestUrl, useTestDatabase } from "../../../tests/setup/test-database";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { announcementsSent } from "~/services/realtime/publish.server";
import { createUser } from "../../../tests/setup/factories";
import { confirmHold, createBuyerHold, createBuyerHoldIn } from "./buyer-holds.server";
import { instantBuyShares, settleReservation } from "./settle-trades.server";
import { createSellRequest } from "./sell-requests.server";
import { createInvestor, createMarket, newKey } from "./market-test-helpers";

const db = useTestDatabase();
let listener: pg.Client;
const heard: { channel: string; type: string; id: string | null }[] = [];

// A separate connection stands for another app process: NOTIFY reaches every listener on the database.
beforeAll(async () => {
  // LISTEN keeps session state: straight to the database, as the app's bus does (ADR 0079).
  listener = new pg.Client({ connectionString: directTestUrl(db.current.url) ?? db.current.url });
  await listener.connect();
  listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
  await listener.query(`LISTEN ${PHYSICAL_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
});

/** What the listener heard once the commands' announcements after commit (ADR 0115) were sent. */
async function heardSoon(): Promise<typeof heard> {
  await announcementsSent(db.current.prisma);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return heard.splice(0);
}

/** A seller's listing of `shares` at ₹120, and a buyer with `balance`, heard of before the test listens. */
async function listingAndBuyer(shares: string, balance: string) {
  const { prisma } = db.current;
  const { seller, property } = await createMarket(prisma);
  const order = await createSellRequest(prisma, {
    sellerId: seller.id,
    propertyId: property.id,
    shares,
    pricePerShare: "120",
    idempotencyKey: newKey(),
  });
  const buyer = await createInvestor(prisma, { balance });
  await heardSoon();
  return { seller, property, order, buyer };
}

describe("the market's live events", () => {
  it("announce listings on the property's market and holds to the seller, the buyer and the admins, only after commit", async () => {
    const { prisma } = db.current;
    const { seller, property } = await createMarket(prisma);
    await heardSoon();
    const order = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "5",
      pricePerShare: "120",
      idempotencyKey: newKey(),
    });
    expect(await heardSoon()).toEqual(
      expect.arrayContaining([
        { channel: `market:${property.id}`, type: "listing", id: order.orderId },
        { channel: `alerts:${seller.id}`, type: "listing", id: order.orderId },
        { channel: "admin", type: "listing", id: order.orderId },
      ]),
    );

    const buyer = await createInvestor(prisma, { balance: "1000" });
    const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    const holdEvents = await heardSoon();
    expect(holdEvents).toContainEqual({ channel: `alerts:${seller.id}`, type: "hold", id: hold.holdId });
    expect(holdEvents).toContainEqual({ channel: `alerts:${buyer.id}`, type: "hold", id: hold.holdId });

    await confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
    expect(await heardSoon()).toContainEqual({ channel: `alerts:${seller.id}`, type: "buyer-confirmed", id: hold.holdId });

    // A refused hold (too many shares) rolls back and announces nothing.
    await expect(
      createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "9", idempotencyKey: newKey() }),
    ).rejects.toThrow();
    expect(await heardSoon()).toEqual([]);
  });

  it("tell the seller of their new alert, both sides of each confirmation, a settlement and a trade", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true });
    const { seller, property, order, buyer } = await listingAndBuyer("6", "5000");

    const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() });
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "hold_placed" } });
    expect(await heardSoon()).toEqual([
      { channel: `alerts:${seller.id}`, type: "alert", id: alert.id },
      { channel: `market:${property.id}`, type: "hold", id: hold.holdId },
      { channel: "admin", type: "hold", id: hold.holdId },
      { channel: `alerts:${seller.id}`, type: "hold", id: hold.holdId },
      { channel: `alerts:${buyer.id}`, type: "hold", id: hold.holdId },
    ]);

    await confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
    await heardSoon();
    const reserved = await confirmHold(prisma, { userId: seller.id, holdId: hold.holdId, side: "seller" });
    const sellerConfirmed = await heardSoon();
    expect(sellerConfirmed).toContainEqual({ channel: `alerts:${buyer.id}`, type: "seller-confirmed", id: hold.holdId });
    expect(sellerConfirmed).toContainEqual({ channel: `market:${property.id}`, type: "seller-confirmed", id: hold.holdId });

    await settleReservation(prisma, { adminId: admin.id, reservationId: reserved.reservationId! });
    expect(await heardSoon()).toEqual([
      { channel: `market:${property.id}`, type: "reservation-settled", id: reserved.reservationId },
      { channel: "admin", type: "reservation-settled", id: reserved.reservationId },
      { channel: `alerts:${buyer.id}`, type: "reservation-settled", id: reserved.reservationId },
      { channel: `alerts:${seller.id}`, type: "reservation-settled", id: reserved.reservationId },
    ]);

    await instantBuyShares(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() });
    const traded = await heardSoon();
    expect(traded).toContainEqual({ channel: `alerts:${seller.id}`, type: "trade", id: order.orderId });
    expect(traded).toContainEqual({ channel: `alerts:${buyer.id}`, type: "trade", id: order.orderId });
  });

  // ADR 0115: the market's database functions never notify. A notification inside one made
  // its commit wait for PostgreSQL's single notification lock, so every market command
  // committed one behind another; the command announces once it has committed instead.
  it("come from the command after its commit, never from the database function's own transaction", async () => {
    const { prisma } = db.current;
    const { seller, property, order, buyer } = await listingAndBuyer("4", "1000");

    // The demo seed's path: market_create_hold inside a transaction that commits, with no announcement of its own.
    const hold = await prisma.$transaction((tx) =>
      createBuyerHoldIn(tx, { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() }, new Date()),
    );
    expect(await prisma.shareBuyerHold.count({ where: { id: hold.holdId } })).toBe(1);
    expect(await prisma.userAlert.count({ where: { userId: seller.id, alertType: "hold_placed", propertyId: property.id } })).toBe(1);
    expect(await heardSoon()).toEqual([]);
  });
});

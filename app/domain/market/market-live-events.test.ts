import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directTestUrl, useTestDatabase } from "../../../tests/setup/test-database";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { confirmHold, createBuyerHold } from "./buyer-holds.server";
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

async function heardSoon(): Promise<typeof heard> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return heard.splice(0);
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
});

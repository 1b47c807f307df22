import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directTestUrl, useTestDatabase } from "../../../tests/setup/test-database";
import { PAGE_CACHE_CHANNEL, PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { createInvestor, createOpenProperty, newKey } from "./purchase-test-helpers";
import { purchaseShares } from "./purchase-shares.server";

const db = useTestDatabase();
let listener: pg.Client;
const heard: { channel: string; type: string; id: string | null }[] = [];
const pageCacheNotices: string[] = [];

beforeAll(async () => {
  // LISTEN keeps session state: straight to the database, as the app's bus does (ADR 0079).
  listener = new pg.Client({ connectionString: directTestUrl(db.current.url) ?? db.current.url });
  await listener.connect();
  listener.on("notification", (message) => {
    if (message.channel === PAGE_CACHE_CHANNEL) pageCacheNotices.push(message.payload ?? "");
    else heard.push(JSON.parse(message.payload ?? "{}"));
  });
  await listener.query(`LISTEN ${PHYSICAL_CHANNEL}`);
  await listener.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
});

/** Notifications arrive asynchronously after commit; give them a moment, then read. */
async function heardSoon(): Promise<typeof heard> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return heard.splice(0);
}

async function pageCacheNoticesSoon(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return pageCacheNotices.splice(0);
}

describe("a purchase's live events", () => {
  it("tells the buyer's alerts and the property's market once the purchase commits", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });

    const receipt = await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 2, idempotencyKey: newKey() });

    expect(await heardSoon()).toEqual([
      { channel: `alerts:${user.id}`, type: "alert", id: receipt.alertId },
      { channel: `market:${property.id}`, type: "purchase", id: property.id },
    ]);
  });

  it("announces nothing for a purchase that was refused and rolled back", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000", availableShares: 1 });
    await pageCacheNoticesSoon();

    await expect(
      purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 5, idempotencyKey: newKey() }),
    ).rejects.toThrow();

    expect(await heardSoon()).toEqual([]);
    expect(await pageCacheNoticesSoon()).toEqual([]);
  });

  it("tells the public page caches once per purchase, after the commit and not from the properties trigger", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    await pageCacheNoticesSoon();

    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
    expect(await pageCacheNoticesSoon()).toEqual(["properties"]);

    // Any other change to a property still notifies through its trigger.
    await prisma.property.update({ where: { id: property.id }, data: { title: "Renamed" } });
    expect(await pageCacheNoticesSoon()).toEqual(["properties"]);
  });

  it("announces every one of many purchases finished at once", async () => {
    const { prisma } = db.current;
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createInvestor(prisma, { balance: "100000" })));
    await heardSoon();

    const receipts = await Promise.all(
      buyers.map((buyer) => purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() })),
    );

    const events = await heardSoon();
    expect(
      events
        .filter((event) => event.type === "alert")
        .map((event) => event.id)
        .sort(),
    ).toEqual(receipts.map((r) => r.alertId).sort());
    // Identical notices sent together arrive as one (PostgreSQL folds duplicates within a
    // transaction): the property's market hears at least once that it changed.
    const market = events.filter((event) => event.channel === `market:${property.id}`);
    expect(market.length).toBeGreaterThanOrEqual(1);
    expect(market.every((event) => event.type === "purchase" && event.id === property.id)).toBe(true);
    expect(events).toHaveLength(12 + market.length);
  });
});

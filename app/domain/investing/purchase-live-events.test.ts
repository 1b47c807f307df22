import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { createInvestor, createOpenProperty, newKey } from "./purchase-test-helpers";
import { purchaseShares } from "./purchase-shares.server";

const db = useTestDatabase();
let listener: pg.Client;
const heard: { channel: string; type: string; id: string | null }[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: db.current.url });
  await listener.connect();
  listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
  await listener.query(`LISTEN ${PHYSICAL_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
});

/** Notifications arrive asynchronously after commit; give them a moment, then read. */
async function heardSoon(): Promise<typeof heard> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return heard.splice(0);
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

    await expect(
      purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 5, idempotencyKey: newKey() }),
    ).rejects.toThrow();

    expect(await heardSoon()).toEqual([]);
  });
});

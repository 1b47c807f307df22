import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { createUser } from "../../../tests/setup/factories";
import { declareDistribution, payDueDistributions } from "~/domain/distributions/distributions.server";
import { createMarket } from "~/domain/market/market-test-helpers";
import { setShareSelling } from "~/domain/market/share-trading-admin.server";
import { runTransaction } from "~/services/db.server";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { createUserAlert } from "./create-user-alert.server";

/**
 * ADR 0041: an alert written by any command reaches open pages' bells through the
 * live channel alerts:{userId}, whichever app process wrote it. A separate connection
 * listening on the database stands for another app process.
 */
const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
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

async function heardSoon(): Promise<typeof heard> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return heard.splice(0);
}

const DAY = 24 * 60 * 60 * 1000;
const istDate = (d: Date) => new Date(d.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe("alerts on the live channel", () => {
  it("announces a new alert to its owner once the transaction commits, and nothing when it rolls back", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    await heardSoon();
    const alert = await runTransaction(prisma, "test.alert", (tx) =>
      createUserAlert(tx, { userId: user.id, alertType: "test", title: "Hello", message: "Committed" }),
    );
    expect(await heardSoon()).toEqual([{ channel: `alerts:${user.id}`, type: "alert", id: alert!.id }]);

    await expect(
      runTransaction(prisma, "test.alert-rollback", async (tx) => {
        await createUserAlert(tx, { userId: user.id, alertType: "test", title: "Gone", message: "Rolled back" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await heardSoon()).toEqual([]);
    expect(await prisma.userAlert.count({ where: { userId: user.id } })).toBe(1);
  });

  it("tells each holder's bell when an admin enables share selling", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false, propertyStatus: "funded" } });
    const admin = await createUser(prisma, { isAdmin: true });
    await heardSoon();
    await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: true });
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "share_selling_enabled" } });
    expect(await heardSoon()).toContainEqual({ channel: `alerts:${seller.id}`, type: "alert", id: alert.id });
  });

  it("tells each paid holder's bell when a rent distribution is paid", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    await prisma.transaction.updateMany({
      where: { userId: seller.id, transactionType: "investment" },
      data: { createdAt: new Date(Date.now() - 10 * DAY) },
    });
    const admin = await createUser(prisma, { isAdmin: true });
    await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "1000.00",
      recordDate: istDate(new Date(Date.now() - 4 * DAY)),
      paymentDate: istDate(new Date(Date.now() - DAY)),
      note: "Rent",
    });
    await heardSoon();
    expect(await payDueDistributions(prisma)).toMatchObject({ paid: 1 });
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "distribution_paid" } });
    expect(await heardSoon()).toContainEqual({ channel: `alerts:${seller.id}`, type: "alert", id: alert.id });
  });
});

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { openEventStream, type SseConnection } from "#tests/setup/sse-client";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The marketplace's buy form over HTTP against a real app process (flag on: a buy is a
 * hold): the seller is told of a hold (alert row, bell event, e-mail in the dev outbox), an
 * admin whose tier is explorer may buy, and a short wallet gets a disabled button and a
 * refusal from the server.
 */

const db = useTestDatabase();
const SESSION_SECRET = "market-hold-notices-secret-0123456789abcdef";
let app: AppProcess;
let dataDir: string;
const streams: SseConnection[] = [];

beforeAll(async () => {
  process.env.SESSION_SECRET = SESSION_SECRET;
  dataDir = await mkdtemp(path.join(tmpdir(), "market-notices-"));
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET, DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await app?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const cookieFor = (userId: string) => createSession(db.current.prisma, userId, { production: true });

async function listing(shares = "5", price = "150") {
  const { prisma } = db.current;
  // Issued at the ask's price, so the ask is inside the ±20% band (ADR 0076).
  const { property, seller } = await createMarket(prisma, { sharePrice: "150" });
  await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: "funded" } });
  const order = await createSellRequest(prisma, {
    sellerId: seller.id,
    propertyId: property.id,
    shares,
    pricePerShare: price,
    idempotencyKey: newIdempotencyKey(),
  });
  return { property, seller, order };
}

function buy(cookie: string, orderId: string, shares: string) {
  return appClient(() => app).post("/trading", cookie, {
    intent: "buy",
    orderId,
    shares,
    idempotencyKey: newIdempotencyKey(),
    returnTo: "/trading",
  });
}

async function outboxMailTo(email: string): Promise<string | null> {
  const dir = path.join(dataDir, "mail");
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith(".eml"))) {
    const text = await readFile(path.join(dir, file), "utf8");
    if (text.includes(email)) return text;
  }
  return null;
}

describe("a buyer's Buy Now on a listing", () => {
  it("tells the seller: an alert row, a live bell event and an e-mail, committed with the reservation", async () => {
    const { prisma } = db.current;
    const { seller, order, property } = await listing();
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const stream = await openEventStream(`${app.baseUrl}/events`, { Cookie: await cookieFor(seller.id) });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.waitFor((e) => e.event === "ready");

    const response = await buy(await cookieFor(buyer.id), order.orderId, "2");
    expect(response.status).toBe(302);
    const hold = await prisma.shareBuyerHold.findFirstOrThrow({ where: { buyerId: buyer.id } });
    expect([hold.holdStatus, hold.buyerConfirmed, hold.sellerConfirmed]).toEqual(["reserved", true, true]);

    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "shares_reserved" } });
    expect(alert.title).toBe("Shares Reserved");
    expect(alert.propertyId).toBe(property.id);
    expect(alert.message).toContain(`2 shares of Baner Heights for ₹300.00`);

    const event = await stream.waitFor((e) => e.event === "message" && e.data.includes(alert.id), 5_000);
    expect(JSON.parse(event.data)).toEqual({ channel: `alerts:${seller.id}`, type: "alert", id: alert.id });

    await expect.poll(() => outboxMailTo(seller.email), { timeout: 20_000, interval: 200 }).not.toBeNull();
    const mail = (await outboxMailTo(seller.email))!;
    expect(mail).toMatch(/Subject: Shares Reserved: Baner Heights/);
  });
});

describe("who may buy", () => {
  it("an admin whose tier is explorer buys like any buyer", async () => {
    const { prisma } = db.current;
    const { order } = await listing();
    const admin = await createUser(prisma, { isAdmin: true, balance: "5000" });
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: admin.id } })).tier).toBe("explorer");
    const response = await buy(await cookieFor(admin.id), order.orderId, "1");
    expect(response.status).toBe(302);
    const hold = await prisma.shareBuyerHold.findFirstOrThrow({ where: { buyerId: admin.id } });
    expect([hold.shares, hold.amount.toFixed(2), hold.holdStatus]).toEqual([1, "150.00", "reserved"]);
  });

  it("a short wallet sees Reserve Shares disabled, and the server refuses the post with nothing written", async () => {
    const { prisma } = db.current;
    const { property, order } = await listing("5", "150");
    const poor = await createInvestor(prisma, { balance: "200" });
    const cookie = await cookieFor(poor.id);
    const page = await (await fetch(`${app.baseUrl}/trading?property=${property.id}`, { headers: { Cookie: cookie } })).text();
    const button = /<button[^>]*>Reserve Shares<\/button>/.exec(page)?.[0] ?? "";
    expect(button).toContain('disabled=""');
    expect(page).toContain("Insufficient wallet balance. Please add funds to your wallet.");

    const refused = await buy(cookie, order.orderId, "5");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Insufficient wallet balance");
    expect(await prisma.shareBuyerHold.count({ where: { buyerId: poor.id } })).toBe(0);
    expect(await prisma.shareBuyOrder.count({ where: { buyerId: poor.id } })).toBe(0);
    const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: poor.id } });
    expect([wallet.availableBalance.toFixed(2), wallet.heldBalance.toFixed(2)]).toEqual(["200.00", "0.00"]);
  });
});

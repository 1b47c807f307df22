import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { announcementsSent } from "~/services/realtime/publish.server";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createUser } from "../../../tests/setup/factories";
import { startStatementCounter, type StatementCounter } from "../../../tests/integration/support/statement-counter";
import { confirmHold, createBuyerHold } from "./buyer-holds.server";
import { instantBuyShares, settleReservation } from "./settle-trades.server";
import { createSellRequest } from "./sell-requests.server";
import { createInvestor, createMarket, newKey } from "./market-test-helpers";

/**
 * The market's money paths reach PostgreSQL in a small constant number of round trips
 * (docs/decisions/0043): at most one read, then one call of the operation's
 * database function, then (once it committed) its live events' announcement, which it shares
 * with every command that finished within the same few milliseconds (ADR 0115). Counted on
 * the wire, between a Prisma client and the database, so a BEGIN, a COMMIT or any statement
 * sent one by one would be seen.
 */

const db = useTestDatabase();
let counter: StatementCounter;
let counted: PrismaClient;

beforeAll(async () => {
  counter = await startStatementCounter(db.current.url);
  counted = createPrismaClient(counter.url);
  await counted.$queryRaw`SELECT 1`;
});

afterAll(async () => {
  await counted?.$disconnect();
  await counter?.close();
});

/** The statements `work` sent through the counted client, its announcement after commit included. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  await announcementsSent(counted);
  counter.reset();
  await work().catch(() => undefined);
  await announcementsSent(counted);
  return counter.statements();
}

const isAnnouncement = (statement: string | undefined) => /pg_notify/.test(statement ?? "");

async function listing(shares = 10) {
  const { prisma } = db.current;
  // Issued at the ask's price, so the ask is inside the ±20% band (ADR 0076).
  const market = await createMarket(prisma, { sharePrice: "150" });
  const order = await createSellRequest(prisma, {
    sellerId: market.seller.id,
    propertyId: market.property.id,
    shares: String(shares),
    pricePerShare: "150.00",
    idempotencyKey: newKey(),
  });
  return { ...market, order };
}

describe("the market's round trips to PostgreSQL", () => {
  it("a hold is one read and one call, a confirmation one call, a settlement one read and one call", async () => {
    const { prisma } = db.current;
    const { seller, order } = await listing();
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const admin = await createUser(prisma, { isAdmin: true });

    let holdId = "";
    const hold = await statementsOf(async () => {
      holdId = (await createBuyerHold(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() }))
        .holdId;
    });
    const buyerConfirm = await statementsOf(() => confirmHold(counted, { userId: buyer.id, holdId, side: "buyer" }));
    let reservationId = "";
    const sellerConfirm = await statementsOf(async () => {
      reservationId = (await confirmHold(counted, { userId: seller.id, holdId, side: "seller" })).reservationId!;
    });
    const settle = await statementsOf(() => settleReservation(counted, { adminId: admin.id, reservationId, notes: "paid" }));
    console.log(
      `round trips: hold ${hold.length}, buyer confirmation ${buyerConfirm.length}, seller confirmation ${sellerConfirm.length}, settlement ${settle.length}`,
    );

    expect(holdId).toBeTruthy();
    expect(reservationId).toBeTruthy();
    expect(hold).toHaveLength(3);
    expect(hold[1]).toMatch(/market_create_hold/);
    expect(isAnnouncement(hold[2])).toBe(true);
    expect(buyerConfirm).toHaveLength(2);
    expect(sellerConfirm).toHaveLength(2);
    expect(sellerConfirm[0]).toMatch(/market_confirm_hold/);
    expect(isAnnouncement(sellerConfirm[1])).toBe(true);
    expect(settle).toHaveLength(3);
    expect(settle[1]).toMatch(/market_settle_reservation/);
    expect(isAnnouncement(settle[2])).toBe(true);
    expect((await prisma.shareReservation.findUniqueOrThrow({ where: { id: reservationId } })).status).toBe("settled");
  });

  it("an instant purchase is one read and one call, whether it completes the order or not", async () => {
    const { prisma } = db.current;
    const { order } = await listing(3);
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const part = await statementsOf(() =>
      instantBuyShares(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "1", idempotencyKey: newKey() }),
    );
    const rest = await statementsOf(() =>
      instantBuyShares(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() }),
    );
    console.log(`round trips: instant purchase ${part.length}, the one that completes the order ${rest.length}`);
    expect(part).toHaveLength(3);
    expect(part[1]).toMatch(/market_instant_buy/);
    expect(isAnnouncement(part[2])).toBe(true);
    expect(rest).toHaveLength(3);
    expect((await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: order.orderId } })).status).toBe("completed");
  });

  it("a refusal the read can see costs that one read; one only the lock can see, the call too", async () => {
    const { prisma } = db.current;
    const { order } = await listing(2);
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const tooMany = await statementsOf(() =>
      createBuyerHold(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: newKey() }),
    );
    // Refused before the call: nothing was written, so nothing is announced.
    expect(tooMany).toHaveLength(1);
    // Two holds racing for the last two shares: the loser is refused under the order's lock.
    const racing = await statementsOf(() =>
      Promise.allSettled(
        [1, 2].map(() => createBuyerHold(counted, { buyerId: buyer.id, orderId: order.orderId, shares: "2", idempotencyKey: newKey() })),
      ),
    );
    // Two reads, two calls, and one announcement for the hold that was made.
    expect(racing.length).toBeLessThanOrEqual(5);
    expect(racing.filter(isAnnouncement)).toHaveLength(1);
    expect(await prisma.shareBuyerHold.count({ where: { orderId: order.orderId } })).toBe(1);
  });
});

import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createSellRequest, closeOrder } from "./sell-requests.server";
import { confirmHold, createBuyerHold } from "./buyer-holds.server";
import { lockOrder } from "./order-locks.server";
import { createInvestor, createMarket, newKey, wallet } from "./market-test-helpers";

/**
 * A hold's confirm takes only the hold's row (ADR 0099): the order's lock, which every other
 * market command takes first, must not keep it waiting, and a command that holds the order
 * and then reaches the hold must see the confirm's reservation. Each test holds the order's
 * lock open in a transaction of its own and watches the database for a confirm waiting on a
 * lock, so a confirm that still queues behind the order fails at once, not by a timeout.
 */
const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

async function pendingHold() {
  const { prisma } = db.current;
  const { seller, property } = await createMarket(prisma);
  const order = await createSellRequest(prisma, {
    sellerId: seller.id,
    propertyId: property.id,
    shares: "10",
    pricePerShare: "100.00",
    idempotencyKey: newKey(),
  });
  const buyer = await createInvestor(prisma, { balance: "5000" });
  const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "3", idempotencyKey: newKey() });
  return { seller, buyer, orderId: order.orderId, holdId: hold.holdId };
}

async function connect() {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  return client;
}

/**
 * Runs `work` to its end, failing as soon as any session of this database waits for a lock
 * while it runs (the caller's own lock holder is idle in its transaction, not waiting).
 */
async function withoutWaiting<T>(work: Promise<T>): Promise<T> {
  const observer = await connect();
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  try {
    while (!done) {
      const { rows } = await observer.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) throw new Error(`waited for a lock: ${rows.map((r) => r.query.trim().slice(0, 80)).join(" | ")}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return await finished;
  } finally {
    await observer.end();
  }
}

describe("a hold's confirm and its order's lock", () => {
  it("both sides confirm while another transaction holds the order as market commands take it", async () => {
    const { prisma } = db.current;
    const { seller, buyer, orderId, holdId } = await pendingHold();
    const holder = await connect();
    try {
      await holder.query("BEGIN");
      const locked = await holder.query(`SELECT id FROM "market_lock_order"($1::uuid, now())`, [orderId]);
      expect(locked.rowCount).toBe(1);

      await withoutWaiting(confirmHold(prisma, { userId: buyer.id, holdId, side: "buyer" }));
      const confirmed = await withoutWaiting(confirmHold(prisma, { userId: seller.id, holdId, side: "seller" }));
      expect(confirmed.reservationId).toBeTruthy();
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
    const reservation = await prisma.shareReservation.findFirstOrThrow({ where: { holdId } });
    expect(reservation.status).toBe("active");
  });

  it("an order closed under a lock taken before both confirms releases the reservation they made, and the buyer's funds", async () => {
    const { prisma } = db.current;
    const { seller, buyer, orderId, holdId } = await pendingHold();
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "4700.00", held: "300.00" });

    await prisma.$transaction(
      async (tx) => {
        const order = await lockOrder(tx, orderId, new Date());
        await withoutWaiting(confirmHold(prisma, { userId: buyer.id, holdId, side: "buyer" }));
        await withoutWaiting(confirmHold(prisma, { userId: seller.id, holdId, side: "seller" }));
        await closeOrder(tx, order!, "cancelled", "Sell request cancelled by the seller", seller.id);
      },
      { timeout: 20_000 },
    );

    const hold = await prisma.shareBuyerHold.findUniqueOrThrow({ where: { id: holdId } });
    const reservation = await prisma.shareReservation.findFirstOrThrow({ where: { holdId } });
    expect([hold.holdStatus, reservation.status]).toEqual(["cancelled", "released"]);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
    const order = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: orderId } });
    expect([order.status, order.heldShares]).toEqual(["cancelled", 0]);
  });

  it("a confirm that reached the hold first is waited for by the order's command, which then sees its reservation", async () => {
    const { prisma } = db.current;
    const { seller, buyer, orderId, holdId } = await pendingHold();
    await confirmHold(prisma, { userId: buyer.id, holdId, side: "buyer" });
    const confirmer = await connect();
    try {
      await confirmer.query("BEGIN");
      const { rows } = await confirmer.query<{ reservation_id: string }>(
        `SELECT reservation_id FROM "market_confirm_hold"($1::uuid, $2::uuid, 'seller', now(), now() + interval '72 hours')`,
        [seller.id, holdId],
      );
      expect(rows[0]!.reservation_id).toBeTruthy();

      // The order's command takes the order (the open confirm's foreign-key lock leaves it free),
      // then waits for the hold until the confirm commits.
      const closing = prisma.$transaction(
        async (tx) => {
          const order = await lockOrder(tx, orderId, new Date());
          await closeOrder(tx, order!, "cancelled", "Sell request cancelled by the seller", seller.id);
        },
        { timeout: 20_000 },
      );
      await waitUntilSomeoneWaits();
      await confirmer.query("COMMIT");
      await closing;
    } finally {
      await confirmer.query("ROLLBACK").catch(() => undefined);
      await confirmer.end();
    }
    const reservation = await prisma.shareReservation.findFirstOrThrow({ where: { holdId } });
    expect(reservation.status).toBe("released");
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "5000.00", held: "0.00" });
  });
});

async function waitUntilSomeoneWaits() {
  const observer = await connect();
  try {
    for (;;) {
      const { rows } = await observer.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await observer.end();
  }
}

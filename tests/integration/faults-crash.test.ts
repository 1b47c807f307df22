import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmHold, createBuyerHold } from "../../app/domain/market/buyer-holds.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser } from "#tests/setup/factories";
import { findViolations } from "#tests/setup/money-chaos";
import { reviewedTotal } from "#tests/setup/reviewed-total";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Fault (a) of ADR 0034: the app is killed with SIGKILL in the middle of
 * purchases, settlements and an expiry run, then started again. Nothing is half written
 * (every purchase, settlement and expiry is whole or absent), the ledger reconciles, shares
 * are conserved, and repeating the interrupted requests completes them exactly once.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "faults-crash-session-secret-0123456789abcdef";
const ENV = () => ({
  DATABASE_URL: db.current.url,
  SEED_DEMO_DATA: "false",
  SESSION_SECRET: SECRET,
  RATE_LIMIT_PER_MINUTE: "1000000",
  RATE_LIMIT_MONEY_PER_MINUTE: "1000000",
  RATE_LIMIT_READS_PER_MINUTE: "1000000",
  FOUR_EYES_THRESHOLD_INR: "100000000",
  // The market-expiry job stays out of the way: the test runs expiry itself, over HTTP.
  JOBS_MARKET_EXPIRY_CRON: "0 0 1 1 *",
  LOG_LEVEL: "fatal",
});
let running: AppProcess[] = [];

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
});
afterEach(async () => {
  await Promise.all(running.map((app) => app.stop("SIGKILL")));
  running = [];
});

async function start() {
  const app = await startAppProcess(ENV());
  running.push(app);
  return app;
}

function post(app: AppProcess, pathname: string, cookie: string, form: Record<string, string>) {
  return appClient(() => app)
    .post(pathname, cookie, form)
    .then(
      (r) => r.status,
      () => 0, // the connection died with the process
    );
}

/** Sends every request at once and kills the app with SIGKILL once `after` of them have been answered. */
async function killMidway(app: AppProcess, requests: (() => Promise<number>)[], after: number | (() => Promise<boolean>)) {
  let answered = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    app.child.kill("SIGKILL");
  };
  // A trigger read from the database kills as soon as the first piece of work commits, however
  // slowly the process gets round to answering (on a loaded machine its first HTTP answer can
  // come after every request has already reached PostgreSQL).
  const watching =
    typeof after === "function"
      ? (async () => {
          while (!killed && !(await after())) await new Promise((resolve) => setTimeout(resolve, 2));
          kill();
        })()
      : Promise.resolve();
  const statuses = await Promise.all(
    requests.map((send) =>
      send().then((status) => {
        if (status !== 0) answered++;
        if (typeof after === "number" && answered >= after) kill();
        return status;
      }),
    ),
  );
  kill();
  await watching;
  await app.exited;
  return { statuses, answeredBeforeKill: statuses.filter((s) => s !== 0).length };
}

async function admin() {
  const user = await createUser(prisma(), { isAdmin: true });
  return { id: user.id, cookie: await createSession(prisma(), user.id, { production: true }) };
}

describe("SIGKILL mid-operation, then restart", () => {
  it("mid-purchases: no partial purchase, the ledger reconciles, and retrying each form completes it once", async () => {
    const property = await createProperty(prisma(), { sharePrice: "1000", minimumInvestment: "1000", totalShares: 100_000 });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const user = await createInvestor(prisma(), { balance: "300000" });
        return { id: user.id, cookie: await createSession(prisma(), user.id, { production: true }) };
      }),
    );
    const forms = Array.from({ length: 80 }, (_, i) => ({
      buyer: buyers[i % buyers.length]!,
      form: {
        intent: "purchase",
        propertyId: property.id,
        shares: String(1 + (i % 3)),
        idempotencyKey: randomUUID(),
        acknowledgeRisk: "on",
        reviewedTotal: reviewedTotal(1 + (i % 3), "1000"),
      },
    }));
    const app = await start();
    const { statuses, answeredBeforeKill } = await killMidway(
      app,
      forms.map(
        ({ buyer, form }) =>
          () =>
            post(app, `/invest/${property.id}`, buyer.cookie, form),
      ),
      5,
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const keys = forms.map((f) => f.form.idempotencyKey);
    const committed = await prisma().transaction.count({ where: { idempotencyKey: { in: keys } } });
    console.log(`purchases: ${answeredBeforeKill} answered, ${committed} committed of ${forms.length} when killed`);
    expect(committed).toBeLessThan(forms.length); // it really was killed midway
    expect(await findViolations(prisma(), property.id)).toEqual([]);

    // Restarted, each interrupted form is sent again (as a browser would on reload): each completes once.
    const again = await start();
    const retried = await Promise.all(forms.map(({ buyer, form }) => post(again, `/invest/${property.id}`, buyer.cookie, form)));
    expect(retried.filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(await prisma().transaction.count({ where: { idempotencyKey: { in: keys } } })).toBe(forms.length);
    expect(await findViolations(prisma(), property.id)).toEqual([]);
  }, 180_000);

  it("mid-settlements: every reservation is settled whole or still open, and the rest settle after the restart", async () => {
    const property = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100", totalShares: 10_000 });
    await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    const seller = await createInvestor(prisma(), { balance: "100000" });
    await purchaseShares(prisma(), { userId: seller.id, propertyId: property.id, shares: 300, idempotencyKey: randomUUID() });
    const order = await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "240",
      pricePerShare: "120",
      idempotencyKey: randomUUID(),
    });
    const reservationIds: string[] = [];
    // Each settlement is one database call now, and a call already sent commits even after
    // the process dies; so more reservations than the pool's 10 connections can carry at
    // once, and the kill at the first commit, leave some surely unsent.
    for (let i = 0; i < 120; i++) {
      const buyer = await createInvestor(prisma(), { balance: "1000" });
      const hold = await createBuyerHold(prisma(), {
        buyerId: buyer.id,
        orderId: order.orderId,
        shares: "2",
        idempotencyKey: randomUUID(),
      });
      await confirmHold(prisma(), { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
      reservationIds.push((await confirmHold(prisma(), { userId: seller.id, holdId: hold.holdId, side: "seller" })).reservationId!);
    }
    const { cookie } = await admin();
    const app = await start();
    const { statuses } = await killMidway(
      app,
      reservationIds.map((id) => () => post(app, "/admin/share-trading", cookie, { intent: "settle", reservationId: id })),
      // Settlements of one sell request queue on its row lock, one after another: killed at the first commit.
      async () => (await prisma().shareReservation.count({ where: { id: { in: reservationIds }, status: "settled" } })) > 0,
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const settled = await prisma().shareReservation.count({ where: { id: { in: reservationIds }, status: "settled" } });
    console.log(`settlements: ${settled} of ${reservationIds.length} settled when killed`);
    expect(settled).toBeLessThan(reservationIds.length);
    expect(await findViolations(prisma(), property.id)).toEqual([]);

    const again = await start();
    const retried = await Promise.all(
      reservationIds.map((id) => post(again, "/admin/share-trading", cookie, { intent: "settle", reservationId: id })),
    );
    expect(retried.filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(await prisma().shareReservation.count({ where: { id: { in: reservationIds }, status: "settled" } })).toBe(reservationIds.length);
    // Each settlement posted once: the buyers own exactly what they reserved, the seller sold 240 of 300 shares.
    const sellerPosition = await prisma().userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: seller.id, propertyId: property.id } },
    });
    expect(sellerPosition.shares).toBe(60);
    expect(await findViolations(prisma(), property.id)).toEqual([]);
  }, 180_000);

  it("mid-expiry run: each hold is expired whole or still open, and a second run after the restart finishes the job", async () => {
    const property = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100", totalShares: 10_000 });
    await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    const seller = await createInvestor(prisma(), { balance: "100000" });
    await purchaseShares(prisma(), { userId: seller.id, propertyId: property.id, shares: 300, idempotencyKey: randomUUID() });
    const order = await createSellRequest(prisma(), {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "300",
      pricePerShare: "110",
      idempotencyKey: randomUUID(),
    });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createInvestor(prisma(), { balance: "100000" })));
    const holdIds: string[] = [];
    for (let i = 0; i < 200; i++) {
      const hold = await createBuyerHold(prisma(), {
        buyerId: buyers[i % buyers.length]!.id,
        orderId: order.orderId,
        shares: "1",
        idempotencyKey: randomUUID(),
      });
      holdIds.push(hold.holdId);
    }
    // Their 60 minutes are up.
    await prisma().shareBuyerHold.updateMany({ where: { id: { in: holdIds } }, data: { holdExpiresAt: new Date(Date.now() - 1_000) } });
    const { cookie } = await admin();
    const expired = () => prisma().shareBuyerHold.count({ where: { id: { in: holdIds }, holdStatus: "expired" } });

    const app = await start();
    const cleanup = post(app, "/admin/share-trading", cookie, { intent: "cleanup" });
    // Killed once the run has expired a few holds, while it works through the rest.
    const deadline = Date.now() + 30_000;
    while ((await expired()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    app.child.kill("SIGKILL");
    await app.exited;
    expect(await cleanup).not.toBeGreaterThanOrEqual(500);
    const whenKilled = await expired();
    console.log(`expiry: ${whenKilled} of ${holdIds.length} holds expired when killed`);
    expect(whenKilled).toBeGreaterThan(0);
    expect(whenKilled).toBeLessThan(holdIds.length);
    expect(await findViolations(prisma(), property.id)).toEqual([]);

    const again = await start();
    expect(await post(again, "/admin/share-trading", cookie, { intent: "cleanup" })).toBe(302);
    expect(await expired()).toBe(holdIds.length);
    for (const buyer of buyers) {
      const wallet = await prisma().escrowBalance.findUniqueOrThrow({ where: { userId: buyer.id } });
      expect([wallet.availableBalance.toFixed(2), wallet.heldBalance.toFixed(2)]).toEqual(["100000.00", "0.00"]);
    }
    expect(await findViolations(prisma(), property.id)).toEqual([]);
  }, 180_000);
});

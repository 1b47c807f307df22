import { beforeAll, describe, expect, it } from "vitest";
import { createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { loadTradingMarket } from "../../app/routes/public/trading-page.server";
import { reloadEnv } from "../../app/services/env.server";
import type { PrismaClient } from "../../app/services/db.server";
import { getSessionUser } from "../../app/services/session.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createSession } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

beforeAll(() => {
  // The market panel's order book is read through the app's own client (replicaRead).
  process.env.DATABASE_URL = db.current.url;
  reloadEnv();
});

describe("the trader's side of /trading", () => {
  it("reads as of one moment: an order placed between the reads never shows active while the sell dialog still offers its shares", async () => {
    const prisma = db.current.prisma;
    const { seller, property } = await createMarket(prisma, { sellerShares: 20 });
    const user = (await getSessionUser(new Request("http://localhost/", { headers: { Cookie: await createSession(prisma, seller.id) } })))!;
    const shown = (page: Awaited<ReturnType<typeof loadTradingMarket>>) => ({
      sellable: page.sell?.sellableShares,
      active: page.orders.filter((order) => order.status === "active").map((order) => order.remainingShares),
      listed: page.market?.listings.map((listing) => listing.availableShares),
    });

    const before = shown(await loadTradingMarket(prisma, user, property.id, false));
    expect(before).toEqual({ sellable: 20, active: [], listed: [] });
    const placed = { sellable: 15, active: [5], listed: [5] };

    // The order, held uncommitted with the orders table locked: the position reads at once,
    // the orders wait, and the order commits between them.
    const reading = readAcrossACommit(db.current, {
      write: (tx) =>
        createSellRequest(tx as unknown as PrismaClient, {
          sellerId: seller.id,
          propertyId: property.id,
          shares: "5",
          pricePerShare: "120.00",
          idempotencyKey: newKey(),
        }),
      lockedTable: "share_sell_requests",
      read: () => loadTradingMarket(prisma, user, property.id, false),
    });
    // All of one moment, before or after the order (where PostgreSQL takes the snapshot of a
    // read that waits for a lock is its own choice); never 20 to sell beside the order of 5.
    expect([before, placed]).toContainEqual(shown(await reading));
    expect(shown(await loadTradingMarket(prisma, user, property.id, false))).toEqual(placed);
  });
});

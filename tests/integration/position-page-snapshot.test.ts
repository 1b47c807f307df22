import { beforeAll, describe, expect, it } from "vitest";
import { payDistributionIn } from "../../app/domain/distributions/distributions.server";
import { loadPositionPage } from "../../app/routes/investor/position-page.server";
import { reloadEnv } from "../../app/services/env.server";
import { getPrisma } from "../../app/services/db.server";
import { loadTradingMarket } from "../../app/routes/public/trading-page.server";
import { holderAwaitingADistribution } from "#tests/kit/distribution-due";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

beforeAll(() => {
  // The market panel's order book is read through the app's own client (replicaRead).
  process.env.DATABASE_URL = db.current.url;
  reloadEnv();
});

describe("the position page", () => {
  it("reads as of one moment: a distribution paid between the reads never shows ₹0 of distributions beside a payment received", async () => {
    const prisma = db.current.prisma;
    const { user, propertyId, distributionId } = await holderAwaitingADistribution(prisma, { title: "Snapshot Court", amount: "500" });
    const shown = (page: Awaited<ReturnType<typeof loadPositionPage>>) => ({
      owned: page!.position.sharesOwned,
      sellable: page!.sell.sellableShares,
      distributionsFigure: page!.position.distributions,
      statuses: page!.distributions.map((row) => row.status),
      received: page!.received.map((row) => row.amount),
    });

    const before = shown(await loadPositionPage(prisma, user, propertyId));
    expect(before).toEqual({ owned: 10, sellable: 10, distributionsFigure: "0.00", statuses: ["declared"], received: [] });

    // The payment, held uncommitted with the property's distributions locked: the position reads
    // at once, the property's list waits, and the payment commits before the rest is read.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => payDistributionIn(tx, distributionId, new Date()),
      lockedTable: "property_distributions",
      read: () => loadPositionPage(prisma, user, propertyId),
    });
    // As before the payment, every section of it. Read side by side, the position's figure said
    // ₹0 of distributions beside a list showing the ₹500 paid and received.
    expect(shown(await reading)).toEqual(before);
    const after = shown(await loadPositionPage(prisma, user, propertyId));
    expect(after).toEqual({ owned: 10, sellable: 10, distributionsFigure: "500.00", statuses: ["paid"], received: ["500.00"] });
  });

  it("never takes a second connection while its snapshot holds one: more views at once than the pool has connections all finish", async () => {
    const { user, propertyId } = await holderAwaitingADistribution(db.current.prisma, { title: "Busy Court", amount: "500" });
    // The app's own client, as the route uses it: its pool (10 connections) also serves the order
    // book. A snapshot that waited for a second connection from it, with every connection held by
    // such a snapshot, waited for ever (the pool has no timeout; 0.9 pages a second under load).
    const app = getPrisma();
    const views = 3 * 10;
    const stalled = new Promise<never>((_, reject) => {
      const timer = setTimeout(() => reject(new Error("the pool starved: views still waiting for a connection after 15 s")), 15_000);
      timer.unref();
    });
    const positions = Promise.all(Array.from({ length: views }, () => loadPositionPage(app, user, propertyId)));
    expect((await Promise.race([positions, stalled])).map((page) => page!.position.sharesOwned)).toEqual(Array(views).fill(10));
    const trading = Promise.all(Array.from({ length: views }, () => loadTradingMarket(app, user, propertyId, false)));
    expect((await Promise.race([trading, stalled])).map((page) => page.market!.propertyId)).toEqual(Array(views).fill(propertyId));
  }, 30_000);
});

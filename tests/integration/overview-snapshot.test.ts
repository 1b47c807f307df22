import { describe, expect, it } from "vitest";
import { purchaseShares, purchaseSharesIn } from "../../app/domain/investing/purchase-shares.server";
import { getPortfolioOverview } from "../../app/domain/portfolio/portfolio-overview.server";
import { createPrismaClient, preparedQuery, readInOnePreparedSnapshot, type Reader } from "../../app/services/db.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor, createProperty, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

describe("the overview's reads", () => {
  it("show the portfolio as it was before a purchase that commits between them: the distribution counts what the tiles count", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const villa = await createProperty(prisma, { propertyType: "villa", sharePrice: "1000" });
    const office = await createProperty(prisma, { propertyType: "office", sharePrice: "2000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: villa.id, shares: 3, idempotencyKey: newIdempotencyKey() });
    const now = new Date();
    const before = await getPortfolioOverview(prisma, investor.id, now);
    expect(before.totals.activeProperties).toBe(1);
    expect(before.distribution).toEqual({ residential: 1, commercial: 0, mixed: 0 });

    // A purchase of a second property, held uncommitted with the investor's transactions locked:
    // the overview's chart and distribution (positions, daily flows) read at once, its money
    // figures (the transactions) wait, and the purchase commits between them.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => purchaseSharesIn(tx, { userId: investor.id, propertyId: office.id, shares: 2, idempotencyKey: newIdempotencyKey() }),
      lockedTable: "transactions",
      read: () => getPortfolioOverview(prisma, investor.id, now),
    });
    // One snapshot: all of it as before the purchase, never its holding in the tiles and not in
    // the distribution; the next read shows all of it.
    expect(await reading).toEqual(before);
    const after = await getPortfolioOverview(prisma, investor.id, now);
    expect(after.totals.activeProperties).toBe(2);
    expect(after.distribution).toEqual({ residential: 1, commercial: 1, mixed: 0 });
  });
});

describe("a prepared snapshot", () => {
  const ISOLATION = { name: "test_isolation", text: "SELECT current_setting('transaction_isolation') AS level" };

  it("gives its one connection back with no transaction open when its work throws, and refuses reads once it has ended", async () => {
    // One connection, so the read after the failure gets the snapshot's own.
    const prisma = createPrismaClient(db.current.url, { max: 1 });
    try {
      let kept: Reader | undefined;
      const failing = readInOnePreparedSnapshot(prisma, async (reader) => {
        kept = reader;
        const [row] = await preparedQuery<{ level: string }>(reader, ISOLATION, []);
        expect(row!.level).toBe("repeatable read");
        throw new Error("the page's work failed");
      });
      await expect(failing).rejects.toThrow("the page's work failed");
      const [after] = await preparedQuery<{ level: string }>(prisma, ISOLATION, []);
      expect(after!.level).toBe("read committed");
      await expect(preparedQuery(kept!, ISOLATION, [])).rejects.toThrow("read from a snapshot that has ended");
    } finally {
      await prisma.$disconnect();
    }
  });

  it("is read-only", async () => {
    const prisma = createPrismaClient(db.current.url, { max: 1 });
    try {
      const write = readInOnePreparedSnapshot(prisma, (reader) =>
        preparedQuery(reader, { name: "test_write", text: "UPDATE properties SET title = title" }, []),
      );
      await expect(write).rejects.toThrow(/read-only transaction/);
      const [after] = await preparedQuery<{ level: string }>(prisma, ISOLATION, []);
      expect(after!.level).toBe("read committed");
    } finally {
      await prisma.$disconnect();
    }
  });
});

import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getOwnTransaction, HISTORY_PAGE_SIZE, listTransactions, parseHistoryPage } from "./transaction-history.server";

const db = useTestDatabase();

describe("transaction history", () => {
  it("lists only the user's rows, newest first, filtered by type", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const other = await createUser(prisma);
    const property = await createProperty(prisma);
    await prisma.transaction.createMany({
      data: [
        { userId: user.id, transactionType: "deposit", amount: "5000", createdAt: new Date("2026-01-01") },
        {
          userId: user.id,
          transactionType: "investment",
          amount: "10000",
          fee: "200",
          shares: 1,
          pricePerShare: "10000",
          propertyId: property.id,
          createdAt: new Date("2026-02-01"),
        },
        { userId: other.id, transactionType: "deposit", amount: "99", createdAt: new Date("2026-03-01") },
      ],
    });
    const all = (await listTransactions(prisma, { userId: user.id, filter: "all" })).rows;
    expect(all.map((r) => [r.type, r.amount])).toEqual([
      ["investment", "10000.00"],
      ["deposit", "5000.00"],
    ]);
    expect(all[0]!.property).toEqual({ id: property.id, title: property.title, city: "Pune", sharePrice: "10000.00", spvName: null });
    expect((await listTransactions(prisma, { userId: user.id, filter: "deposit" })).rows.map((r) => r.amount)).toEqual(["5000.00"]);
    expect((await listTransactions(prisma, { userId: user.id, filter: "dividend" })).rows).toEqual([]);
  });

  it("never hands out another user's transaction", async () => {
    const { prisma } = db.current;
    const owner = await createUser(prisma);
    const stranger = await createUser(prisma);
    const row = await prisma.transaction.create({ data: { userId: owner.id, transactionType: "deposit", amount: "1000" } });
    expect((await getOwnTransaction(prisma, owner.id, row.id))?.id).toBe(row.id);
    expect(await getOwnTransaction(prisma, stranger.id, row.id)).toBeNull();
    expect(await getOwnTransaction(prisma, owner.id, "not-a-uuid")).toBeNull();
  });

  it("pages through every row instead of stopping at a fixed number", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const count = 4 * HISTORY_PAGE_SIZE + 7;
    const start = Date.UTC(2026, 0, 1);
    await prisma.transaction.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        transactionType: "deposit" as const,
        amount: String(1000 + i),
        // Pairs share a timestamp, so the id has to break ties for the pages to be stable.
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      })),
    });

    const first = await listTransactions(prisma, { userId: user.id, filter: "all" });
    expect(first).toMatchObject({ page: 1, pageCount: 5, pageSize: HISTORY_PAGE_SIZE, total: count });
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await listTransactions(prisma, { userId: user.id, filter: "all", page });
      expect(result.page).toBe(page);
      seen.push(...result.rows.map((row) => row.id));
    }
    const everyRowNewestFirst = await prisma.transaction.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(seen).toEqual(everyRowNewestFirst.map((row) => row.id));
    expect(new Set(seen).size).toBe(count);

    const beyond = await listTransactions(prisma, { userId: user.id, filter: "all", page: 999 });
    expect(beyond.page).toBe(5);
    expect(beyond.rows).toHaveLength(7);
    // Any whole page number the parser lets through is answered with the last page, not an error.
    const farBeyond = await listTransactions(prisma, { userId: user.id, filter: "all", page: parseHistoryPage("9007199254740991") });
    expect(farBeyond).toMatchObject({ page: 5, pageCount: 5, total: count });
    expect(farBeyond.rows.map((row) => row.id)).toEqual(beyond.rows.map((row) => row.id));
    expect(await listTransactions(prisma, { userId: user.id, filter: "dividend", page: 3 })).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      pageSize: HISTORY_PAGE_SIZE,
      total: 0,
    });
    expect([parseHistoryPage("3"), parseHistoryPage("0"), parseHistoryPage("-2"), parseHistoryPage("x"), parseHistoryPage(null)]).toEqual([
      3, 1, 1, 1, 1,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getOwnTransaction, listTransactions } from "./transaction-history.server";

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
        { userId: user.id, transactionType: "investment", amount: "10000", fee: "200", shares: 1, pricePerShare: "10000", propertyId: property.id, createdAt: new Date("2026-02-01") },
        { userId: other.id, transactionType: "deposit", amount: "99", createdAt: new Date("2026-03-01") },
      ],
    });
    const all = await listTransactions(prisma, user.id, "all");
    expect(all.map((r) => [r.type, r.amount])).toEqual([
      ["investment", "10000.00"],
      ["deposit", "5000.00"],
    ]);
    expect(all[0]!.property).toEqual({ id: property.id, title: property.title, city: "Pune", sharePrice: "10000.00" });
    expect((await listTransactions(prisma, user.id, "deposit")).map((r) => r.amount)).toEqual(["5000.00"]);
    expect(await listTransactions(prisma, user.id, "dividend")).toEqual([]);
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
});

import { describe, expect, it } from "vitest";
import { purchaseShares, purchaseSharesIn } from "../../app/domain/investing/purchase-shares.server";
import { collectDataExport } from "../../app/domain/privacy/data-export.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor, createProperty, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

describe("the investor's data export", () => {
  it("is one moment of their records: a purchase landing while it is read is in both the transactions and the holdings, or in neither", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { title: "Exported Enclave", sharePrice: "100", minimumInvestment: "100" });
    const investor = await createInvestor(prisma, { balance: "5000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newIdempotencyKey() });
    const exported = async () => {
      const data = (await collectDataExport(prisma, investor.id))!;
      return {
        bought: data.transactions.filter((t) => t.type === "investment").map((t) => t.shares),
        held: data.holdings.map((h) => h.shares),
      };
    };
    const before = await exported();
    expect(before).toEqual({ bought: [10], held: [10] });

    // Five more shares bought in a transaction that also holds the positions' table: the
    // transactions are read at once, the holdings wait, and the purchase commits before them.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => purchaseSharesIn(tx, { userId: investor.id, propertyId: property.id, shares: 5, idempotencyKey: newIdempotencyKey() }),
      lockedTable: "user_property_positions",
      read: exported,
    });
    // Read side by side, the export held 15 shares bought as 10.
    expect(await reading).toEqual(before);
    expect(await exported()).toEqual({ bought: [10, 5], held: [15] });
  });
});

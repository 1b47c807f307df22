import { describe, expect, it } from "vitest";
import { issueHoldingsCertificate } from "../../app/domain/certificates/holdings-certificate.server";
import { purchaseShares, purchaseSharesIn } from "../../app/domain/investing/purchase-shares.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor, createProperty, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();
const SECRET = "holdings-snapshot-secret-0123456789abcdef";

describe("a holdings certificate", () => {
  it("certifies one moment of the books: a purchase landing while it is read is in both the shares and the wallet, or in neither", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { title: "Certified Court", sharePrice: "100", minimumInvestment: "100" });
    const investor = await createInvestor(prisma, { balance: "5000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newIdempotencyKey() });
    const certified = async () => {
      const { content } = await issueHoldingsCertificate(prisma, investor.id, SECRET);
      return { shares: content.holdings.map((h) => h.shares), available: content.wallet.available };
    };
    const before = await certified();
    expect(before.shares).toEqual([10]);

    // Five more shares bought in a transaction that also holds the wallets' table: the holdings
    // are read at once, the wallet waits, and the purchase commits before the wallet is read.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => purchaseSharesIn(tx, { userId: investor.id, propertyId: property.id, shares: 5, idempotencyKey: newIdempotencyKey() }),
      lockedTable: "escrow_balances",
      read: certified,
    });
    // Read side by side, the certificate showed the 10 shares from before the purchase beside
    // the wallet after it: ₹500 and its fee certified as nowhere.
    expect(await reading).toEqual(before);

    const after = await certified();
    expect(after.shares).toEqual([15]);
    expect(Number(before.available) - Number(after.available)).toBeGreaterThanOrEqual(500);
  });
});

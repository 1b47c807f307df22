import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createInvestor, createOpenProperty, newKey, purchaseFootprint, walletBalance } from "./purchase-test-helpers";
import { purchaseJournalKey, purchaseShares, purchaseSharesIn } from "./purchase-shares.server";
import { DuplicatePurchaseError, PurchaseFailedError, SharesUnavailableError } from "./purchase-errors.server";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe("purchaseSharesIn (the demo seed's purchases)", () => {
  it("buys inside the caller's transaction and dates every record of the purchase at `at`", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    const at = new Date(Date.now() - 90 * DAY_MS);
    const key = newKey();

    const receipt = await prisma.$transaction((tx) =>
      purchaseSharesIn(tx, { userId: user.id, propertyId: property.id, shares: 2, idempotencyKey: key, at }),
    );

    expect(receipt).toMatchObject({ sharesPurchased: 2, amountPaid: "20000.00", fee: "400.00", totalDebited: "20400.00" });
    expect(await walletBalance(prisma, user.id)).toBe("79600.00");
    const journal = await prisma.ledgerJournal.findUniqueOrThrow({
      where: { idempotencyKey: purchaseJournalKey(user.id, key) },
      include: { postings: true },
    });
    const transaction = await prisma.transaction.findUniqueOrThrow({ where: { id: receipt.transactionId } });
    const investment = await prisma.investment.findUniqueOrThrow({ where: { id: receipt.investmentId } });
    const alert = await prisma.userAlert.findUniqueOrThrow({ where: { id: receipt.alertId } });
    const position = await prisma.userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: user.id, propertyId: property.id } },
    });
    for (const date of [
      journal.createdAt,
      ...journal.postings.map((p) => p.createdAt),
      transaction.createdAt,
      investment.investmentDate,
      investment.createdAt,
      alert.createdAt,
      position.updatedAt,
    ]) {
      expect(date.toISOString()).toBe(at.toISOString());
    }
  });

  it("keeps the purchase's rules: a repeated key and more shares than are left are refused, nothing written", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "10000000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000", totalShares: 10 });
    const key = newKey();
    const at = new Date(Date.now() - DAY_MS);
    await prisma.$transaction((tx) =>
      purchaseSharesIn(tx, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: key, at }),
    );
    const before = await purchaseFootprint(prisma);

    await expect(
      prisma.$transaction((tx) => purchaseSharesIn(tx, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: key, at })),
    ).rejects.toBeInstanceOf(DuplicatePurchaseError);
    await expect(
      prisma.$transaction((tx) =>
        purchaseSharesIn(tx, { userId: user.id, propertyId: property.id, shares: 10, idempotencyKey: newKey(), at }),
      ),
    ).rejects.toBeInstanceOf(SharesUnavailableError);
    expect(await purchaseFootprint(prisma)).toEqual(before);
  });

  it("refuses a date in the future, writing nothing", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    const before = await purchaseFootprint(prisma);
    const at = new Date(Date.now() + DAY_MS);

    await expect(
      prisma.$transaction((tx) =>
        purchaseSharesIn(tx, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey(), at }),
      ),
    ).rejects.toBeInstanceOf(PurchaseFailedError);
    expect(await purchaseFootprint(prisma)).toEqual(before);
  });

  it("leaves a purchase without `at` dated now", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    const started = Date.now();

    const receipt = await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });

    const transaction = await prisma.transaction.findUniqueOrThrow({ where: { id: receipt.transactionId } });
    expect(transaction.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });
});

import { describe, expect, it } from "vitest";
import { declareDistribution, payDueDistributions } from "../../app/domain/distributions/distributions.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { createPlan } from "../../app/domain/plans/plans.server";
import { reinvestmentLinkOf, reinvestPaidRent, turnOnReinvestment } from "../../app/domain/plans/reinvest.server";
import { Decimal } from "../../app/lib/money";
import { createInvestor, createProperty, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useMailQueue } from "#tests/setup/mail-queue";

/**
 * Rent reinvestment (ADR 0072): a paid distribution, net of TDS, buys whole shares of the same
 * property while it is open, else the fallback plan's basket, once however often the payment job
 * and the sweeps run; the dividend and the purchase are linked.
 */

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const istDate = (moment: Date) => new Date(moment.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function holderWithRent(options: { rent: string; status?: "open" | "closed" }) {
  const prisma = db.current.prisma;
  const property = await createProperty(prisma, { title: "Rent Court", sharePrice: "100", minimumInvestment: "100" });
  const investor = await createInvestor(prisma, { balance: "2000" });
  await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newIdempotencyKey() });
  await prisma.transaction.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
  const admin = await createUser(prisma, { isAdmin: true });
  await declareDistribution(prisma, {
    adminId: admin.id,
    propertyId: property.id,
    basis: "total",
    amount: options.rent,
    recordDate: istDate(new Date(Date.now() - 86_400_000)),
    paymentDate: istDate(new Date()),
    note: "",
  });
  if (options.status) await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: options.status } });
  return { property, investor };
}

const purchasesOf = (userId: string, propertyId: string) =>
  db.current.prisma.transaction.findMany({ where: { userId, propertyId, transactionType: "investment" }, orderBy: { createdAt: "asc" } });

describe("rent reinvestment", () => {
  it("buys once with the net rent even when the payment job and the sweeps run again", async () => {
    const prisma = db.current.prisma;
    const { property, investor } = await holderWithRent({ rent: "450" });
    await turnOnReinvestment(prisma, investor.id, { propertyId: property.id, fallbackPlanId: null });

    // The payment job retried while the first was still running, then the hourly sweep twice at once.
    const now = new Date();
    await Promise.all([
      payDueDistributions(prisma, now).finally(() => reinvestPaidRent(prisma, now)),
      payDueDistributions(prisma, now).finally(() => reinvestPaidRent(prisma, now)),
    ]);
    await Promise.all([reinvestPaidRent(prisma, now), reinvestPaidRent(prisma, now)]);

    const dividend = await prisma.transaction.findFirstOrThrow({ where: { userId: investor.id, transactionType: "dividend" } });
    expect(dividend.amount.toFixed(2)).toBe("450.00");
    const purchases = await purchasesOf(investor.id, property.id);
    // 10 shares before; ₹450 buys 4 more at ₹100 (₹408 with the fee).
    expect(purchases.map((p) => p.shares)).toEqual([10, 4]);
    expect(await prisma.reinvestment.count({ where: { userId: investor.id } })).toBe(1);
    const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } });
    // ₹2,000 − ₹1,020 for the first 10 shares + ₹450 rent (no TDS under the year's threshold) − ₹408 reinvested.
    expect(wallet.availableBalance.toFixed(2)).toBe("1022.00");
    const link = await reinvestmentLinkOf(prisma, investor.id, purchases[1]!.id);
    expect(link).toEqual({ dividendTransactionId: dividend.id, purchaseTransactionIds: [purchases[1]!.id] });
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("uses the fallback plan's basket when the property is closed, and leaves the rest in the wallet", async () => {
    const prisma = db.current.prisma;
    const { property, investor } = await holderWithRent({ rent: "900", status: "closed" });
    const other = await createProperty(prisma, { title: "Fallback Towers", sharePrice: "200", minimumInvestment: "200" });
    const { planId } = await createPlan(prisma, investor.id, {
      amount: new Decimal("1000"),
      dayOfMonth: 1,
      startDate: "2030-01-01",
      endDate: null,
      target: { kind: "property", propertyId: other.id },
    });
    await turnOnReinvestment(prisma, investor.id, { propertyId: null, fallbackPlanId: planId });
    await payDueDistributions(prisma, new Date());
    await reinvestPaidRent(prisma, new Date());
    expect(await purchasesOf(investor.id, property.id)).toHaveLength(1);
    // ₹900 buys 4 shares of the fallback at ₹200 (₹816 with the fee); ₹84 stays in the wallet.
    expect((await purchasesOf(investor.id, other.id)).map((p) => p.shares)).toEqual([4]);
    const row = await prisma.reinvestment.findFirstOrThrow({ where: { userId: investor.id } });
    expect([row.status, row.spent.toFixed(2)]).toEqual(["completed", "816.00"]);
    expect(await checkLedger(prisma)).toEqual([]);
  });
});

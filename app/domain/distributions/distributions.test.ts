import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { createUser } from "../../../tests/setup/factories";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { instantBuyShares } from "~/domain/market/settle-trades.server";
import { createInvestor, createMarket, newKey, wallet } from "~/domain/market/market-test-helpers";
import type { PrismaClient } from "~/services/db.server";
import { declareDistribution, holdingsAt, payDistributionNow, payDueDistributions } from "./distributions.server";
import { DistributionError, endOfIstDate } from "./distribution-rules";

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const dateOf = (d: Date) => new Date(d.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Moves every history row of a trade (both sides) to `at`, as if it had settled then. */
async function backdateTrade(prisma: PrismaClient, orderOrTransactionId: { referenceId?: string; transactionId?: string }, at: Date) {
  if (orderOrTransactionId.transactionId) {
    await prisma.transaction.update({ where: { id: orderOrTransactionId.transactionId }, data: { createdAt: at } });
  }
  if (orderOrTransactionId.referenceId) {
    await prisma.transaction.updateMany({ where: { referenceId: orderOrTransactionId.referenceId }, data: { createdAt: at } });
  }
}

async function sell(prisma: PrismaClient, sellerId: string, propertyId: string, buyerId: string, shares: number, price: string) {
  const order = await createSellRequest(prisma, {
    sellerId,
    propertyId,
    shares: String(shares),
    pricePerShare: price,
    idempotencyKey: newKey(),
  });
  await instantBuyShares(prisma, { buyerId, orderId: order.orderId, shares: String(shares), idempotencyKey: newKey() });
  return order.orderId;
}

/**
 * Seller buys 20 shares 10 days ago; sells 5 to A 6 days ago; the record date is 4 days ago;
 * sells 5 more to B 2 days ago. At the record date's end: seller 15, A 5, B 0.
 */
async function arrange() {
  const { prisma } = db.current;
  const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
  await prisma.transaction.updateMany({ where: { userId: seller.id, transactionType: "investment" }, data: { createdAt: daysAgo(10) } });
  const a = await createInvestor(prisma, { balance: "10000" });
  const b = await createInvestor(prisma, { balance: "10000" });
  await backdateTrade(prisma, { referenceId: await sell(prisma, seller.id, property.id, a.id, 5, "120") }, daysAgo(6));
  await backdateTrade(prisma, { referenceId: await sell(prisma, seller.id, property.id, b.id, 5, "130") }, daysAgo(2));
  const admin = await createUser(prisma, { isAdmin: true });
  return { prisma, property, seller, a, b, admin, recordDate: dateOf(daysAgo(4)), paymentDate: dateOf(daysAgo(1)) };
}

describe("rent distributions", () => {
  it("pays the holders at the record date's end, not today's, and records the paise remainder", async () => {
    const { prisma, property, seller, a, b, admin, recordDate, paymentDate } = await arrange();
    expect(await holdingsAt(prisma, property.id, endOfIstDate(recordDate))).toEqual(
      [
        { userId: seller.id, shares: 15 },
        { userId: a.id, shares: 5 },
      ].sort((x, y) => x.userId.localeCompare(y.userId)),
    );
    const before = { seller: await wallet(prisma, seller.id), a: await wallet(prisma, a.id), b: await wallet(prisma, b.id) };
    // ₹1,000.01 over 20 shares: ₹50.0005 a share, floored to ₹50.00; 1 paisa is the remainder.
    const { distributionId } = await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "1000.01",
      recordDate,
      paymentDate,
      note: "Rent for October",
    });
    const outcome = await payDueDistributions(prisma);
    expect(outcome).toEqual({ paid: 1, holders: 2 });

    const row = await prisma.propertyDistribution.findUniqueOrThrow({ where: { id: distributionId } });
    expect(row.status).toBe("paid");
    expect(row.eligibleShares).toBe(20);
    expect(row.perShareAmount?.toFixed(2)).toBe("50.00");
    expect(row.paidAmount?.toFixed(2)).toBe("1000.00");
    expect(row.remainderAmount?.toFixed(2)).toBe("0.01");

    // The seller who sold 5 after the record date is still paid for all 15; B, who bought after it, gets nothing.
    const plus = (value: string, add: number) => (Number(value) + add).toFixed(2);
    expect((await wallet(prisma, seller.id)).available).toBe(plus(before.seller.available, 750));
    expect((await wallet(prisma, a.id)).available).toBe(plus(before.a.available, 250));
    expect((await wallet(prisma, b.id)).available).toBe(before.b.available);

    const dividends = await prisma.transaction.findMany({
      where: { transactionType: "dividend", propertyId: property.id },
      orderBy: { amount: "asc" },
    });
    expect(dividends.map((d) => [d.userId, d.amount.toFixed(2), d.shares])).toEqual([
      [a.id, "250.00", 5],
      [seller.id, "750.00", 15],
    ]);
    expect(new Set(dividends.map((d) => d.journalId)).size).toBe(1);
    const alerts = await prisma.userAlert.findMany({ where: { alertType: "distribution_paid", propertyId: property.id } });
    expect(alerts.map((al) => al.userId).sort()).toEqual([a.id, seller.id].sort());

    // The paisa stays in the distribution account: funded 1000.01, paid out 1000.00.
    const [account] = await prisma.$queryRaw<{ balance: string }[]>`
      SELECT COALESCE(SUM(p.amount), 0)::text AS balance FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.code = ${`property:${property.id}:distribution`}`;
    expect(account?.balance).toBe("0.01");
  });

  it("never pays twice: a rerun pays nothing, and concurrent runs pay once", async () => {
    const { prisma, property, admin, recordDate, paymentDate } = await arrange();
    await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "per_share",
      amount: "2.50",
      recordDate,
      paymentDate,
      note: "",
    });
    await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "333.33",
      recordDate,
      paymentDate,
      note: "",
    });
    const runs = await Promise.all([payDueDistributions(prisma), payDueDistributions(prisma), payDueDistributions(prisma)]);
    expect(runs.reduce((sum, r) => sum + r.paid, 0)).toBe(2);
    expect(await payDueDistributions(prisma)).toEqual({ paid: 0, holders: 0 });
    expect(await prisma.transaction.count({ where: { transactionType: "dividend", propertyId: property.id } })).toBe(4);
    // Per share: ₹2.50 × 1,000 issued shares funded, 20 held, so 950 is returned as the remainder.
    const perShare = await prisma.propertyDistribution.findFirstOrThrow({ where: { basis: "per_share", propertyId: property.id } });
    expect([perShare.fundedAmount.toFixed(2), perShare.paidAmount?.toFixed(2), perShare.remainderAmount?.toFixed(2)]).toEqual([
      "2500.00",
      "50.00",
      "2450.00",
    ]);
    // ₹333.33 / 20 = ₹16.6665 → ₹16.66 a share, ₹333.20 paid, ₹0.13 left.
    const total = await prisma.propertyDistribution.findFirstOrThrow({ where: { basis: "total", propertyId: property.id } });
    expect([total.paidAmount?.toFixed(2), total.remainderAmount?.toFixed(2)]).toEqual(["333.20", "0.13"]);
    const error = await payDistributionNow(prisma, { adminId: admin.id, distributionId: total.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DistributionError);
    expect((error as DistributionError).message).toBe("This distribution has already been paid.");
  });

  it("waits for the payment date, and refuses bad declarations with their field", async () => {
    const { prisma, property, admin } = await arrange();
    const tomorrow = dateOf(new Date(Date.now() + DAY));
    const { distributionId } = await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "100",
      recordDate: dateOf(new Date()),
      paymentDate: tomorrow,
      note: "",
    });
    expect(await payDueDistributions(prisma)).toEqual({ paid: 0, holders: 0 });
    const notDue = (await payDistributionNow(prisma, { adminId: admin.id, distributionId }).catch((e: unknown) => e)) as DistributionError;
    expect(notDue.code).toBe("not_due");
    const bad = (await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "10",
      recordDate: tomorrow,
      paymentDate: tomorrow,
      note: "",
    }).catch((e: unknown) => e)) as DistributionError;
    expect([bad.status, bad.field, bad.message]).toEqual([400, "paymentDate", "The payment date must be after the record date."]);
    const badAmount = (await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "1.005",
      recordDate: "2026-01-01",
      paymentDate: "2026-01-02",
      note: "",
    }).catch((e: unknown) => e)) as DistributionError;
    expect(badAmount.field).toBe("amount");
  });
});

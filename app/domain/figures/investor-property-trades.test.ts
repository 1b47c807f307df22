import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import type { PrismaClient } from "~/services/db.server";
import { seededRandom } from "../../../tests/kit/seeded-random";

const db = useTestDatabase();

type SumRow = {
  user_id: string;
  property_id: string;
  trades: number;
  sales: number;
  bought_shares: string;
  bought_amount: string;
  bought_fee: string;
  dividends: number;
  dividend_amount: string;
  dividend_fee: string;
};

/** What the triggers keep, properties with nothing left on them dropped. */
async function kept(prisma: PrismaClient): Promise<SumRow[]> {
  return prisma.$queryRaw<SumRow[]>`
    SELECT user_id::text, property_id, trades, sales, bought_shares::text, bought_amount::text, bought_fee::text,
           dividends, dividend_amount::text, dividend_fee::text
      FROM investor_property_trades
     WHERE trades <> 0 OR dividends <> 0 OR bought_amount <> 0 OR bought_fee <> 0 OR dividend_amount <> 0 OR dividend_fee <> 0
     ORDER BY 1, 2`;
}

/** The same sums computed afresh from every transaction, one row's part at a time. */
async function recomputed(prisma: PrismaClient): Promise<SumRow[]> {
  return prisma.$queryRaw<SumRow[]>`
    WITH parts AS (
      SELECT user_id, property_id,
             CASE WHEN kind = 'trade' THEN 1 ELSE 0 END AS trade,
             CASE WHEN kind = 'trade' AND transaction_type IN ('share_sale', 'transmission_out', 'exit_payout') THEN 1 ELSE 0 END AS sale,
             CASE WHEN kind = 'trade' THEN shares ELSE 0 END AS shares,
             CASE WHEN kind = 'trade' THEN amount ELSE 0 END AS amount,
             CASE WHEN kind = 'trade' THEN fee ELSE 0 END AS fee,
             CASE WHEN kind = 'dividend' THEN 1 ELSE 0 END AS dividend,
             CASE WHEN kind = 'dividend' THEN amount ELSE 0 END AS dividend_amount,
             CASE WHEN kind = 'dividend' THEN fee ELSE 0 END AS dividend_fee
        FROM (SELECT *, CASE WHEN status <> 'completed' OR property_id IS NULL THEN NULL
                             WHEN transaction_type = 'dividend' THEN 'dividend'
                             WHEN transaction_type IN ('deposit', 'withdrawal', 'fee') THEN NULL
                             WHEN coalesce(shares, 0) = 0 THEN NULL
                             ELSE 'trade' END AS kind
                FROM transactions) t
       WHERE kind IS NOT NULL)
    SELECT user_id::text, property_id, sum(trade)::int AS trades, sum(sale)::int AS sales, sum(shares)::text AS bought_shares,
           sum(amount)::numeric(20,2)::text AS bought_amount, sum(fee)::numeric(20,2)::text AS bought_fee,
           sum(dividend)::int AS dividends, sum(dividend_amount)::numeric(20,2)::text AS dividend_amount,
           sum(dividend_fee)::numeric(20,2)::text AS dividend_fee
      FROM parts GROUP BY 1, 2
     ORDER BY 1, 2`;
}

const TYPES = [
  "investment",
  "share_purchase",
  "share_sale",
  "dividend",
  "transmission_in",
  "transmission_out",
  "exit_payout",
  "deposit",
  "withdrawal",
  "fee",
] as const;
const STATUSES = ["completed", "completed", "pending", "failed", "processing"] as const;

describe("investor_property_trades (ADR 0108)", () => {
  it("is kept equal to the sums computed afresh through inserts, updates of every counted column, and deletes", async () => {
    const prisma = db.current.prisma;
    const investors = [await createInvestor(prisma), await createInvestor(prisma)];
    const properties = [await createProperty(prisma), await createProperty(prisma)];
    const random = seededRandom(20270115);
    const amount = () => `${1 + random(90_000)}.${String(random(100)).padStart(2, "0")}`;
    const user = () => investors[random(2)]!.id;
    // Now and then a row of no property (a deposit's shape), or of no shares.
    const property = () => (random(8) === 0 ? null : properties[random(2)]!.id);
    const shares = () => (random(6) === 0 ? null : 1 + random(40));

    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const tx = await prisma.transaction.create({
        data: {
          userId: user(),
          propertyId: property(),
          transactionType: TYPES[random(TYPES.length)]!,
          status: STATUSES[random(STATUSES.length)]!,
          amount: amount(),
          fee: `${random(500)}.25`,
          shares: shares(),
          description: "fixture",
        },
      });
      ids.push(tx.id);
    }
    expect(await kept(prisma)).toEqual(await recomputed(prisma));
    expect((await kept(prisma)).length).toBe(4);

    for (let i = 0; i < 160; i++) {
      const id = ids[random(ids.length)]!;
      switch (random(7)) {
        case 0:
          await prisma.transaction.updateMany({ where: { id }, data: { status: STATUSES[random(STATUSES.length)]! } });
          break;
        case 1:
          await prisma.transaction.updateMany({ where: { id }, data: { amount: amount(), fee: `${random(900)}.10`, shares: shares() } });
          break;
        case 2:
          await prisma.transaction.updateMany({ where: { id }, data: { transactionType: TYPES[random(TYPES.length)]!, userId: user() } });
          break;
        case 3:
          await prisma.transaction.updateMany({ where: { id }, data: { propertyId: property() } });
          break;
        case 4:
          // A column the sums do not depend on: nothing to add or remove.
          await prisma.transaction.updateMany({ where: { id }, data: { description: `edited ${i}` } });
          break;
        case 5:
          await prisma.transaction.deleteMany({ where: { id } });
          break;
        default:
          ids.push(
            (
              await prisma.transaction.create({
                data: {
                  userId: user(),
                  propertyId: property(),
                  transactionType: TYPES[random(TYPES.length)]!,
                  status: "completed",
                  amount: amount(),
                  fee: "0",
                  shares: shares(),
                  description: "later",
                },
              })
            ).id,
          );
      }
    }
    const incremental = await kept(prisma);
    expect(incremental).toEqual(await recomputed(prisma));
    expect(incremental.some((row) => row.sales > 0)).toBe(true);
    expect(incremental.some((row) => row.dividends > 0)).toBe(true);
    // Rebuilt from scratch (what the migration and a TRUNCATE do), to the last decimal.
    await prisma.$executeRaw`SELECT investor_property_trades_rebuild()`;
    expect(await kept(prisma)).toEqual(incremental);
    // A TRUNCATE fires no row triggers; the statement trigger rebuilds the sums (to nothing).
    await prisma.$executeRawUnsafe("TRUNCATE transactions CASCADE");
    expect(await prisma.$queryRaw`SELECT * FROM investor_property_trades`).toEqual([]);
  });

  it("takes a purchase in the same transaction, and a rolled-back write leaves nothing", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const receipt = await purchaseShares(prisma, {
      userId: investor.id,
      propertyId: property.id,
      shares: 3,
      idempotencyKey: newIdempotencyKey(),
    });
    const mine = async () => (await kept(prisma)).filter((row) => row.user_id === investor.id);
    const [sums] = await mine();
    expect(sums).toMatchObject({ property_id: property.id, trades: 1, sales: 0, bought_shares: "3", bought_amount: "3000.00" });
    expect(sums!.bought_fee).toBe(receipt.fee);

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.transaction.create({
          data: {
            userId: investor.id,
            propertyId: property.id,
            transactionType: "dividend",
            amount: "500",
            status: "completed",
            description: "rolled back",
          },
        });
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(await mine()).toEqual([sums]);
    expect(await kept(prisma)).toEqual(await recomputed(prisma));
  });
});

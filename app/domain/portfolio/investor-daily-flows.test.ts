import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import type { PrismaClient } from "~/services/db.server";
import { seededRandom } from "../../../tests/kit/seeded-random";

const db = useTestDatabase();

type DayRow = { user_id: string; day: string; invested: string; paid: string; paid_w: string; received: string; received_w: string };

/** What the triggers keep, days with nothing left on them dropped. */
async function kept(prisma: PrismaClient): Promise<DayRow[]> {
  return prisma.$queryRaw<DayRow[]>`
    SELECT user_id::text, day::text, invested::text, paid::text, paid_weighted_seconds::text AS paid_w,
           received::text, received_weighted_seconds::text AS received_w
      FROM investor_daily_flows
     WHERE invested <> 0 OR paid <> 0 OR received <> 0 OR paid_weighted_seconds <> 0 OR received_weighted_seconds <> 0
     ORDER BY 1, 2`;
}

/** The same sums computed afresh from every investment and transaction. */
async function recomputed(prisma: PrismaClient): Promise<DayRow[]> {
  return prisma.$queryRaw<DayRow[]>`
    WITH flows AS (
      SELECT user_id, (investment_date AT TIME ZONE 'UTC')::date AS day, total_investment AS invested,
             0::numeric AS paid, 0::numeric AS paid_w, 0::numeric AS received, 0::numeric AS received_w
        FROM investments WHERE investment_status = 'confirmed'
      UNION ALL
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, 0,
             CASE WHEN signed < 0 THEN -signed ELSE 0 END,
             CASE WHEN signed < 0 THEN round(-signed * extract(epoch FROM created_at), 6) ELSE 0 END,
             CASE WHEN signed > 0 THEN signed ELSE 0 END,
             CASE WHEN signed > 0 THEN round(signed * extract(epoch FROM created_at), 6) ELSE 0 END
        FROM (SELECT *, CASE WHEN status <> 'completed' THEN 0
                             WHEN transaction_type IN ('investment', 'share_purchase', 'fee') THEN -(amount + fee)
                             WHEN transaction_type IN ('share_sale', 'dividend') THEN amount - fee
                             ELSE 0 END AS signed
                FROM transactions) t)
    SELECT user_id::text, day::text, sum(invested)::numeric(20,2)::text AS invested, sum(paid)::numeric(20,2)::text AS paid,
           sum(paid_w)::numeric(40,6)::text AS paid_w, sum(received)::numeric(20,2)::text AS received,
           sum(received_w)::numeric(40,6)::text AS received_w
      FROM flows GROUP BY 1, 2
    HAVING sum(invested) <> 0 OR sum(paid) <> 0 OR sum(received) <> 0 OR sum(paid_w) <> 0 OR sum(received_w) <> 0
     ORDER BY 1, 2`;
}

const TYPES = ["investment", "share_purchase", "share_sale", "dividend", "deposit", "withdrawal", "fee"] as const;
const STATUSES = ["completed", "pending", "failed", "processing"] as const;
const INVESTMENT_STATUSES = ["confirmed", "active", "pending", "completed", "failed"] as const;

describe("investor_daily_flows (ADR 0038)", () => {
  it("is kept equal to the sums computed afresh through inserts, updates of every counted column, and deletes", async () => {
    const prisma = db.current.prisma;
    const investors = [await createInvestor(prisma), await createInvestor(prisma)];
    const property = await createProperty(prisma);
    const random = seededRandom(20261127);
    const base = Date.parse("2026-06-01T00:00:00Z");
    const at = () => new Date(base + random(40) * 9 * 3_600_000 + random(3_600_000));
    const amount = () => `${1 + random(90_000)}.${String(random(100)).padStart(2, "0")}`;
    const user = () => investors[random(2)]!.id;

    const transactionIds: string[] = [];
    const investmentIds: string[] = [];
    for (let i = 0; i < 60; i++) {
      const tx = await prisma.transaction.create({
        data: {
          userId: user(),
          propertyId: property.id,
          transactionType: TYPES[random(TYPES.length)]!,
          status: STATUSES[random(STATUSES.length)]!,
          amount: amount(),
          // Now and then a fee larger than a receipt, which makes it a payment.
          fee: random(5) === 0 ? "95000.00" : `${random(500)}.25`,
          description: "fixture",
          createdAt: at(),
        },
      });
      transactionIds.push(tx.id);
      const investment = await prisma.investment.create({
        data: {
          userId: user(),
          propertyId: property.id,
          sharesOwned: 1,
          pricePerShare: "10000",
          totalInvestment: amount(),
          investmentStatus: INVESTMENT_STATUSES[random(INVESTMENT_STATUSES.length)]!,
          investmentDate: at(),
        },
      });
      investmentIds.push(investment.id);
    }
    expect(await kept(prisma)).toEqual(await recomputed(prisma));
    expect((await kept(prisma)).length).toBeGreaterThan(10);

    for (let i = 0; i < 120; i++) {
      // A deleted row leaves its list, so no later step asks for it (about 15 of each of 60 go).
      const txAt = random(transactionIds.length);
      const investmentAt = random(investmentIds.length);
      const txId = transactionIds[txAt]!;
      const investmentId = investmentIds[investmentAt]!;
      switch (random(8)) {
        case 0:
          await prisma.transaction.update({ where: { id: txId }, data: { status: STATUSES[random(STATUSES.length)]! } });
          break;
        case 1:
          await prisma.transaction.update({ where: { id: txId }, data: { createdAt: at(), amount: amount(), fee: `${random(900)}.10` } });
          break;
        case 2:
          await prisma.transaction.update({ where: { id: txId }, data: { transactionType: TYPES[random(TYPES.length)]!, userId: user() } });
          break;
        case 3:
          await prisma.investment.update({
            where: { id: investmentId },
            data: { investmentStatus: INVESTMENT_STATUSES[random(INVESTMENT_STATUSES.length)]!, userId: user() },
          });
          break;
        case 4:
          await prisma.investment.update({ where: { id: investmentId }, data: { investmentDate: at(), totalInvestment: amount() } });
          break;
        case 5:
          // A column the sums do not depend on: nothing to add or remove.
          await prisma.transaction.update({ where: { id: txId }, data: { description: `edited ${i}` } });
          break;
        case 6:
          await prisma.transaction.delete({ where: { id: txId } });
          transactionIds.splice(txAt, 1);
          break;
        default:
          await prisma.investment.delete({ where: { id: investmentId } });
          investmentIds.splice(investmentAt, 1);
      }
    }
    const incremental = await kept(prisma);
    expect(incremental).toEqual(await recomputed(prisma));
    // Rebuilt from scratch (what the migration and a TRUNCATE do), to the last decimal.
    await prisma.$executeRaw`SELECT investor_daily_flows_rebuild()`;
    expect(await kept(prisma)).toEqual(incremental);
    // A TRUNCATE fires no row triggers; the statement trigger rebuilds the sums.
    await prisma.$executeRawUnsafe("TRUNCATE investments");
    expect(await kept(prisma)).toEqual(await recomputed(prisma));
    expect((await kept(prisma)).every((row) => row.invested === "0.00")).toBe(true);
    expect((await kept(prisma)).length).toBeGreaterThan(0);
  });

  it("takes a purchase's investment and payment in the same transaction, and a rolled-back write leaves nothing", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const receipt = await purchaseShares(prisma, {
      userId: investor.id,
      propertyId: property.id,
      shares: 3,
      idempotencyKey: newIdempotencyKey(),
    });
    const [today] = await kept(prisma).then((rows) => rows.filter((row) => row.user_id === investor.id));
    expect(today).toMatchObject({ invested: "3000.00", paid: receipt.totalDebited, received: "0.00" });

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.transaction.create({
          data: { userId: investor.id, transactionType: "dividend", amount: "500", status: "completed", description: "rolled back" },
        });
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(await kept(prisma)).toEqual(await recomputed(prisma));
    expect((await kept(prisma)).filter((row) => row.user_id === investor.id)).toEqual([today]);
  });
});

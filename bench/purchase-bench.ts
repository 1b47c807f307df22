import { randomUUID } from "node:crypto";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { platformCash, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { PurchaseError } from "~/domain/investing/purchase-errors.server";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { latencySummary, round } from "./stats";

export type PurchaseBenchResult = {
  buyers: number;
  seconds: number;
  purchases: number;
  tps: number;
  attempts: number;
  refusals: Record<string, number>;
  unexpectedErrors: number;
  latencyMs: { p50: number; p95: number; p99: number };
  oversoldProperties: number;
  overdrawnWallets: number;
  ledgerProblems: number;
  hotPropertySoldOut: boolean;
};

const SHARE_PRICE = "1000";
const COST_PER_SHARE = 1020; // share + 2% fee

async function seed(prisma: PrismaClient, buyers: number) {
  const buyerIds: string[] = [];
  for (let i = 0; i < buyers; i++) {
    const user = await prisma.userProfile.create({
      data: {
        email: `bench-buyer-${i}-${randomUUID().slice(0, 8)}@example.in`,
        trialExpiresAt: new Date(Date.now() + 14 * 86_400_000),
        subscriptionActive: true,
        kycStatus: "approved",
        wallet: { create: {} },
      },
    });
    // One buyer in ten has a small wallet and runs dry mid-run, so the overdraft path is
    // exercised; the rest can afford every share they try for, so the money seeded never caps
    // the rate measured (it did: 5,000 shares' worth in all capped a 10 s run at ~495/s).
    const balance = String(COST_PER_SHARE * (i % 10 === 0 ? 20 : 1_000_000));
    await prisma.$transaction((tx) =>
      postJournal(tx, {
        kind: "deposit",
        description: "Bench funds",
        postings: [
          { account: userAvailable(user.id), amount: balance },
          { account: platformCash, amount: `-${balance}` },
        ],
      }),
    );
    buyerIds.push(user.id);
  }
  const property = (title: string, shares: number) =>
    prisma.property.create({
      data: {
        title,
        city: "Bengaluru",
        totalValue: String(shares * 1000),
        sharePrice: SHARE_PRICE,
        totalShares: shares,
        availableShares: shares,
        minimumInvestment: SHARE_PRICE,
        fundingGoal: String(shares * 1000),
        propertyStatus: "open",
      },
      select: { id: true },
    });
  // One small "hot" property that sells out during the run, and roomy ones beside it.
  const hot = await property("Hot property", 300);
  const roomy = [];
  for (let i = 0; i < 9; i++) roomy.push(await property(`Roomy property ${i}`, 1_000_000));
  return { buyerIds, hotId: hot.id, propertyIds: [hot.id, ...roomy.map((p) => p.id)] };
}

/** `buyers` concurrent buyers purchase one share at a time for `seconds`, through the real domain code. */
export async function runPurchaseBench(
  url: string,
  options: { buyers: number; seconds: number; onTimedRun?: (phase: "start" | "end") => void },
): Promise<PurchaseBenchResult> {
  const prisma = createPrismaClient(url);
  try {
    const { buyerIds, hotId, propertyIds } = await seed(prisma, options.buyers);
    // Warm-up, not counted: each buyer's first purchase opens connections, prepares plans
    // and creates the ledger accounts a purchase touches.
    await Promise.all(
      buyerIds.map((userId, index) =>
        purchaseShares(prisma, {
          userId,
          propertyId: propertyIds[1 + (index % (propertyIds.length - 1))]!,
          shares: 1,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const refusals: Record<string, number> = {};
    const latencies: number[] = [];
    let purchases = 0;
    let unexpectedErrors = 0;
    options.onTimedRun?.("start");
    const started = performance.now();
    const deadline = started + options.seconds * 1000;

    await Promise.all(
      buyerIds.map(async (userId) => {
        while (performance.now() < deadline) {
          const propertyId = Math.random() < 0.3 ? hotId : propertyIds[1 + Math.floor(Math.random() * (propertyIds.length - 1))]!;
          const t0 = performance.now();
          try {
            await purchaseShares(prisma, { userId, propertyId, shares: 1, idempotencyKey: randomUUID() });
            purchases++;
          } catch (error) {
            if (error instanceof PurchaseError) refusals[error.code] = (refusals[error.code] ?? 0) + 1;
            else unexpectedErrors++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    options.onTimedRun?.("end");

    const [oversold] = await prisma.$queryRaw<{ count: bigint }[]>`
      SELECT COUNT(*) AS count FROM properties p
       WHERE p.available_shares < 0
          OR p.total_shares - p.available_shares <> COALESCE(
               (SELECT SUM(i.shares_owned) FROM investments i WHERE i.property_id = p.id AND i.investment_status = 'confirmed'), 0)`;
    const overdrawn = await prisma.escrowBalance.count({ where: { availableBalance: { lt: 0 } } });
    const ledgerProblems = (await checkLedger(prisma)).length;
    const hot = await prisma.property.findUniqueOrThrow({ where: { id: hotId }, select: { availableShares: true } });

    return {
      buyers: options.buyers,
      seconds: round(elapsed, 2),
      purchases,
      tps: round(purchases / elapsed),
      attempts: latencies.length,
      refusals,
      unexpectedErrors,
      latencyMs: latencySummary(latencies),
      oversoldProperties: Number(oversold?.count ?? 0),
      overdrawnWallets: overdrawn,
      ledgerProblems,
      hotPropertySoldOut: hot.availableShares === 0,
    };
  } finally {
    await prisma.$disconnect();
  }
}

import { randomUUID } from "node:crypto";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { platformCash, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { confirmHold, createBuyerHold } from "~/domain/market/buyer-holds.server";
import { MarketError } from "~/domain/market/market-errors";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { settleReservation } from "~/domain/market/settle-trades.server";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { latencySummary, round } from "./stats";

export type MarketBenchResult = {
  traders: number;
  seconds: number;
  holdsCreated: number;
  holdsSettled: number;
  holdsPerSecond: number;
  settledPerSecond: number;
  refusals: Record<string, number>;
  unexpectedErrors: number;
  holdLatencyMs: { p50: number; p95: number; p99: number };
  /** Safety counts: each must be 0. */
  overcommittedPositions: number;
  overheldOrders: number;
  heldBalanceMismatches: number;
  sharesNotConserved: number;
  overdrawnWallets: number;
  ledgerProblems: number;
};

const SHARES_EACH = 1000;
const ISSUED = 100_000;

export async function seed(prisma: PrismaClient, traders: number) {
  const admin = await prisma.userProfile.create({
    data: {
      email: `bench-admin-${randomUUID().slice(0, 8)}@example.in`,
      trialExpiresAt: new Date(Date.now() + 14 * 86_400_000),
      isAdmin: true,
      wallet: { create: {} },
    },
  });
  const property = await prisma.property.create({
    data: {
      title: "Bench resale tower",
      city: "Mumbai",
      totalValue: String(ISSUED * 100),
      sharePrice: "100",
      totalShares: ISSUED,
      availableShares: ISSUED - traders * SHARES_EACH,
      minimumInvestment: "100",
      fundingGoal: String(ISSUED * 100),
      propertyStatus: "funded",
      sharesSellable: true,
    },
    select: { id: true },
  });
  const ids: string[] = [];
  for (let i = 0; i < traders; i++) {
    const user = await prisma.userProfile.create({
      data: {
        email: `bench-trader-${i}-${randomUUID().slice(0, 8)}@example.in`,
        trialExpiresAt: new Date(Date.now() + 14 * 86_400_000),
        subscriptionActive: true,
        tier: "waitlist_player",
        kycStatus: "approved",
        wallet: { create: {} },
      },
    });
    await prisma.$transaction((tx) =>
      postJournal(tx, {
        kind: "deposit",
        description: "Bench funds",
        postings: [
          { account: userAvailable(user.id), amount: "10000000" },
          { account: platformCash, amount: "-10000000" },
        ],
      }),
    );
    await prisma.userPropertyPosition.create({
      data: { userId: user.id, propertyId: property.id, shares: SHARES_EACH, costBasis: String(SHARES_EACH * 100), avgPrice: "100" },
    });
    ids.push(user.id);
  }
  return { adminId: admin.id, propertyId: property.id, traderIds: ids };
}

/**
 * `traders` concurrent traders, each in a loop: hold 1–3 shares of another trader's listing
 * (10% of the time the one hot listing everyone fights over), confirm as buyer, confirm as
 * that listing's seller, and settle as the admin, through the real domain code. Holds
 * created and settled per second, then the safety counts.
 */
export async function runMarketBench(url: string, options: { traders: number; seconds: number }): Promise<MarketBenchResult> {
  const prisma = createPrismaClient(url);
  try {
    const { adminId, propertyId, traderIds } = await seed(prisma, options.traders);
    const orders = new Map<string, string>();
    const list = async (sellerId: string, shares: number, price: string) => {
      const order = await createSellRequest(prisma, {
        sellerId,
        propertyId,
        shares: String(shares),
        pricePerShare: price,
        idempotencyKey: randomUUID(),
      });
      orders.set(sellerId, order.orderId);
      return order.orderId;
    };
    const hotSeller = traderIds[0]!;
    const hotOrder = await list(hotSeller, 200, "101.00");
    for (const id of traderIds.slice(1)) await list(id, 600, "100.00");

    const refusals: Record<string, number> = {};
    const latencies: number[] = [];
    let created = 0;
    let settled = 0;
    let unexpectedErrors = 0;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      traderIds.map(async (buyerId, index) => {
        while (performance.now() < deadline) {
          const other = traderIds[(index + 1 + Math.floor(Math.random() * (traderIds.length - 1))) % traderIds.length]!;
          const sellerId = Math.random() < 0.1 && buyerId !== hotSeller ? hotSeller : other;
          const orderId = sellerId === hotSeller ? hotOrder : orders.get(sellerId)!;
          const t0 = performance.now();
          try {
            const hold = await createBuyerHold(prisma, {
              buyerId,
              orderId,
              shares: String(1 + Math.floor(Math.random() * 3)),
              idempotencyKey: randomUUID(),
            });
            latencies.push(performance.now() - t0);
            created++;
            await confirmHold(prisma, { userId: buyerId, holdId: hold.holdId, side: "buyer" });
            const { reservationId } = await confirmHold(prisma, { userId: sellerId, holdId: hold.holdId, side: "seller" });
            await settleReservation(prisma, { adminId, reservationId: reservationId! });
            settled++;
          } catch (error) {
            if (error instanceof MarketError) refusals[error.code] = (refusals[error.code] ?? 0) + 1;
            else unexpectedErrors++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    const [counts] = await prisma.$queryRaw<
      { overcommitted: number; overheld: number; held_mismatch: number; not_conserved: number; overdrawn: number }[]
    >`
      SELECT
        (SELECT count(*)::int FROM user_property_positions WHERE committed_shares > shares OR committed_shares <>
           COALESCE((SELECT sum(remaining_shares) FROM share_sell_requests o WHERE o.seller_id = user_id AND o.property_id = user_property_positions.property_id AND o.status = 'active'), 0)) AS overcommitted,
        (SELECT count(*)::int FROM share_sell_requests o WHERE o.held_shares > o.remaining_shares OR o.held_shares <>
           COALESCE((SELECT sum(h.shares) FROM share_buyer_holds h WHERE h.order_id = o.id AND h.hold_status IN ('pending', 'reserved')), 0)) AS overheld,
        (SELECT count(*)::int FROM escrow_balances b WHERE b.held_balance <>
           COALESCE((SELECT sum(h.amount) FROM share_buyer_holds h WHERE h.buyer_id = b.user_id AND h.hold_status IN ('pending', 'reserved')), 0)) AS held_mismatch,
        (SELECT count(*)::int FROM properties p WHERE p.id = ${propertyId} AND p.total_shares <>
           p.available_shares + COALESCE((SELECT sum(shares) FROM user_property_positions WHERE property_id = p.id), 0)) AS not_conserved,
        (SELECT count(*)::int FROM escrow_balances WHERE available_balance < 0 OR held_balance < 0) AS overdrawn`;
    const ledgerProblems = (await checkLedger(prisma)).length;
    return {
      traders: options.traders,
      seconds: round(elapsed, 2),
      holdsCreated: created,
      holdsSettled: settled,
      holdsPerSecond: round(created / elapsed),
      settledPerSecond: round(settled / elapsed),
      refusals,
      unexpectedErrors,
      holdLatencyMs: latencySummary(latencies),
      overcommittedPositions: counts!.overcommitted,
      overheldOrders: counts!.overheld,
      heldBalanceMismatches: counts!.held_mismatch,
      sharesNotConserved: counts!.not_conserved,
      overdrawnWallets: counts!.overdrawn,
      ledgerProblems,
    };
  } finally {
    await prisma.$disconnect();
  }
}

export const marketUnsafeCount = (r: MarketBenchResult) =>
  r.overcommittedPositions +
  r.overheldOrders +
  r.heldBalanceMismatches +
  r.sharesNotConserved +
  r.overdrawnWallets +
  r.ledgerProblems +
  r.unexpectedErrors;

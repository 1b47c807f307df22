import { randomUUID } from "node:crypto";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { placeBuyOrder } from "~/domain/market/buy-orders.server";
import { MarketError } from "~/domain/market/market-errors";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { createPrismaClient } from "~/services/db.server";
import { seed } from "./market-bench";
import { latencySummary, round } from "./stats";

export type OrderBookBenchResult = {
  traders: number;
  seconds: number;
  ordersPlaced: number;
  fills: number;
  ordersPerSecond: number;
  matchedPerSecond: number;
  refusals: Record<string, number>;
  unexpectedErrors: number;
  orderLatencyMs: { p50: number; p95: number; p99: number };
  /** Safety counts: each must be 0. */
  overcommittedPositions: number;
  overfilledOrders: number;
  heldBalanceMismatches: number;
  crossedBook: number;
  sharesNotConserved: number;
  overdrawnWallets: number;
  ledgerProblems: number;
};

/**
 * The two-sided market (ADR 0074, 0076): `traders` concurrent traders on one property, each
 * in a loop placing a limit buy order or a sell order (1–5 shares at ₹95–₹105, inside the
 * band), through the real domain code, matched at once under the book's lock and settled at
 * once (the flag-off mode, so positions and wallets keep moving). Orders placed and fills
 * matched per second, then the safety counts.
 */
export async function runOrderBookBench(url: string, options: { traders: number; seconds: number }): Promise<OrderBookBenchResult> {
  const prisma = createPrismaClient(url);
  try {
    const { propertyId, traderIds } = await seed(prisma, options.traders);
    const refusals: Record<string, number> = {};
    const latencies: number[] = [];
    let placed = 0;
    let fills = 0;
    let unexpectedErrors = 0;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      traderIds.map(async (userId) => {
        while (performance.now() < deadline) {
          const shares = String(1 + Math.floor(Math.random() * 5));
          const price = (95 + Math.floor(Math.random() * 1001) / 100).toFixed(2);
          const t0 = performance.now();
          try {
            const result =
              Math.random() < 0.5
                ? await placeBuyOrder(
                    prisma,
                    { buyerId: userId, propertyId, shares, maxPrice: price, expiryDays: "1", idempotencyKey: randomUUID() },
                    { instant: true },
                  )
                : await createSellRequest(
                    prisma,
                    { sellerId: userId, propertyId, shares, pricePerShare: price, idempotencyKey: randomUUID() },
                    new Date(),
                    { instant: true },
                  );
            latencies.push(performance.now() - t0);
            placed++;
            fills += result.fills;
          } catch (error) {
            if (error instanceof MarketError) refusals[error.code] = (refusals[error.code] ?? 0) + 1;
            else unexpectedErrors++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    const [counts] = await prisma.$queryRaw<
      { overcommitted: number; overfilled: number; held_mismatch: number; crossed: number; not_conserved: number; overdrawn: number }[]
    >`
      SELECT
        (SELECT count(*)::int FROM user_property_positions WHERE committed_shares > shares OR committed_shares <>
           COALESCE((SELECT sum(remaining_shares) FROM share_sell_requests o WHERE o.seller_id = user_id AND o.property_id = user_property_positions.property_id AND o.status = 'active'), 0)) AS overcommitted,
        (SELECT count(*)::int FROM share_sell_requests o WHERE o.property_id = ${propertyId}
            AND COALESCE((SELECT sum(f.shares) FROM share_fills f WHERE f.sell_order_id = o.id), 0) <> o.shares_to_sell - o.remaining_shares)
        + (SELECT count(*)::int FROM share_buy_orders b WHERE b.property_id = ${propertyId}
            AND COALESCE((SELECT sum(f.shares) FROM share_fills f WHERE f.buy_order_id = b.id), 0) <> b.shares_wanted - b.remaining_shares) AS overfilled,
        (SELECT count(*)::int FROM escrow_balances e WHERE e.held_balance <>
           COALESCE((SELECT sum(h.amount) FROM share_buyer_holds h WHERE h.buyer_id = e.user_id AND h.hold_status IN ('pending', 'reserved')), 0)
         + COALESCE((SELECT sum(b.held_amount) FROM share_buy_orders b WHERE b.buyer_id = e.user_id AND b.status = 'active'), 0)) AS held_mismatch,
        (SELECT CASE WHEN (SELECT max(max_price) FROM share_buy_orders WHERE property_id = ${propertyId} AND status = 'active')
                       >= (SELECT min(price_per_share) FROM share_sell_requests WHERE property_id = ${propertyId} AND status = 'active'
                            AND remaining_shares > held_shares) THEN 1 ELSE 0 END) AS crossed,
        (SELECT count(*)::int FROM properties p WHERE p.id = ${propertyId} AND p.total_shares <>
           p.available_shares + COALESCE((SELECT sum(shares) FROM user_property_positions WHERE property_id = p.id), 0)) AS not_conserved,
        (SELECT count(*)::int FROM escrow_balances WHERE available_balance < 0 OR held_balance < 0) AS overdrawn`;
    const ledgerProblems = (await checkLedger(prisma)).length;
    return {
      traders: options.traders,
      seconds: round(elapsed, 2),
      ordersPlaced: placed,
      fills,
      ordersPerSecond: round(placed / elapsed),
      matchedPerSecond: round(fills / elapsed),
      refusals,
      unexpectedErrors,
      orderLatencyMs: latencySummary(latencies),
      overcommittedPositions: counts!.overcommitted,
      overfilledOrders: counts!.overfilled,
      heldBalanceMismatches: counts!.held_mismatch,
      crossedBook: counts!.crossed,
      sharesNotConserved: counts!.not_conserved,
      overdrawnWallets: counts!.overdrawn,
      ledgerProblems,
    };
  } finally {
    await prisma.$disconnect();
  }
}

export const orderBookUnsafeCount = (r: OrderBookBenchResult) =>
  r.overcommittedPositions +
  r.overfilledOrders +
  r.heldBalanceMismatches +
  r.crossedBook +
  r.sharesNotConserved +
  r.overdrawnWallets +
  r.ledgerProblems +
  r.unexpectedErrors;

/** The table rows `npm run bench` prints for the order book (metric, value, p50/p99 ms, detail, vs pgbench). */
export function orderBookRows(r: OrderBookBenchResult, pgbench: { tps?: number; cell: string }): string[][] {
  const vs = pgbench.tps ? `${((r.matchedPerSecond / pgbench.tps) * 100).toFixed(1)}% of pgbench` : "";
  return [
    [
      `order book: orders placed/s (${r.traders} traders, both sides)`,
      r.ordersPerSecond.toFixed(1),
      `${r.orderLatencyMs.p50} / ${r.orderLatencyMs.p99}`,
      `${r.ordersPlaced} orders in ${r.seconds}s`,
      "",
    ],
    [
      `order book: orders matched/s (${r.traders} traders)`,
      r.matchedPerSecond.toFixed(1),
      "",
      `${r.fills} fills, settled at once; pgbench TPC-B: ${pgbench.cell}`,
      vs,
    ],
    [
      "order book refusals",
      String(Object.values(r.refusals).reduce((a, b) => a + b, 0)),
      "",
      Object.entries(r.refusals)
        .map(([code, n]) => `${code} ${n}`)
        .join(", ") || "none",
      "",
    ],
    [
      "order book safety counts (must be 0)",
      String(orderBookUnsafeCount(r)),
      "",
      `overcommitted ${r.overcommittedPositions}, fills≠orders ${r.overfilledOrders}, held≠holds+bids ${r.heldBalanceMismatches}, crossed ${r.crossedBook}, shares not conserved ${r.sharesNotConserved}, overdrawn ${r.overdrawnWallets}, ledger ${r.ledgerProblems}, unexpected ${r.unexpectedErrors}`,
      "",
    ],
  ];
}

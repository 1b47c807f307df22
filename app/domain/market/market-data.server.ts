import type { Db } from "~/services/db.server";

export type TradePoint = { at: string; price: string; shares: number };

export type MarketData = {
  issuePrice: string;
  lastTrade: { price: string; at: string } | null;
  volume30d: { shares: number; value: string; trades: number };
  openSellOrders: number;
  bestPrice: string | null;
  history: TradePoint[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the resale market honestly says about a property: its issue price, the last settled
 * trade, the last 30 days' volume, the open sell orders and their best (lowest) price, and
 * the price of every settled trade in the last year (oldest first). Settled trades are the
 * buyers' `share_purchase` history rows, one per trade.
 */
export async function getMarketData(db: Db, propertyId: string, now = new Date()): Promise<MarketData | null> {
  const property = await db.property.findUnique({ where: { id: propertyId }, select: { sharePrice: true } });
  if (!property) return null;
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const sinceYear = new Date(now.getTime() - 365 * DAY_MS);
  const [trades, volume, orders] = await Promise.all([
    db.transaction.findMany({
      where: { propertyId, transactionType: "share_purchase", status: "completed", createdAt: { gte: sinceYear, lte: now } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { createdAt: true, pricePerShare: true, shares: true },
      take: 2000,
    }),
    db.$queryRaw<{ shares: number; value: string; trades: number }[]>`
      SELECT COALESCE(SUM(shares), 0)::int AS shares, COALESCE(SUM(amount), 0)::numeric(16,2)::text AS value, COUNT(*)::int AS trades
        FROM transactions
       WHERE property_id = ${propertyId} AND transaction_type = 'share_purchase' AND status = 'completed'
         AND created_at >= ${since30} AND created_at <= ${now}`,
    db.$queryRaw<{ count: number; best: string | null }[]>`
      SELECT COUNT(*)::int AS count, MIN(price_per_share)::text AS best
        FROM share_sell_requests
       WHERE property_id = ${propertyId} AND status = 'active' AND expires_at > ${now} AND remaining_shares > held_shares`,
  ]);
  const last = await db.transaction.findFirst({
    where: { propertyId, transactionType: "share_purchase", status: "completed", createdAt: { lte: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true, pricePerShare: true },
  });
  return {
    issuePrice: property.sharePrice.toFixed(2),
    lastTrade: last?.pricePerShare ? { price: last.pricePerShare.toFixed(2), at: last.createdAt.toISOString() } : null,
    volume30d: volume[0] ?? { shares: 0, value: "0.00", trades: 0 },
    openSellOrders: orders[0]?.count ?? 0,
    bestPrice: orders[0]?.best ? Number(orders[0].best).toFixed(2) : null,
    history: trades
      .filter((t) => t.pricePerShare !== null)
      .map((t) => ({ at: t.createdAt.toISOString(), price: t.pricePerShare!.toFixed(2), shares: t.shares ?? 0 })),
  };
}

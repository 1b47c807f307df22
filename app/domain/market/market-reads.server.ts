import { Prisma, preparedQuery, readInOneSnapshot, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";

export type Listing = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  sellerId: string;
  /** Shares a buyer can take now: remaining, less those promised to open holds. */
  availableShares: number;
  pricePerShare: string;
  /** The property's issue price per share, and the price of its last settled resale (if any). */
  issuePrice: string;
  lastPrice: string | null;
  expiresAt: string;
  createdAt: string;
};

type ListingProperty = { id: string; title: string; issue_price: string; last_price: string | null };

/**
 * The title, issue price and last settled resale price of the listed properties, in one
 * query, or none when nothing is listed (the invest page's usual case costs no round trip).
 * A settled trade is the buyer's completed share_purchase row, as the market data reads it.
 */
async function listingProperties(db: Db, propertyIds: string[]): Promise<Map<string, ListingProperty>> {
  const ids = [...new Set(propertyIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<ListingProperty[]>(Prisma.sql`
    SELECT p.id, p.title, p.share_price::text AS issue_price,
           (SELECT t.price_per_share::text FROM transactions t
             WHERE t.property_id = p.id AND t.transaction_type = 'share_purchase' AND t.status = 'completed'
             ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS last_price
      FROM properties p WHERE p.id IN (${Prisma.join(ids)})`);
  return new Map(rows.map((row) => [row.id, row]));
}

type ListedOrder = {
  id: string;
  propertyId: string;
  sellerId: string;
  remainingShares: number;
  heldShares: number;
  /** numeric(16,2) as text: always two decimals. */
  pricePerShare: string;
  expiresAt: Date;
  createdAt: Date;
};

// Every invest page view reads its property's listings: prepared statements, not Prisma's
// pipeline (ADR 0026); one per shape, so each plans for its own filter.
const LISTED_ORDER_COLUMNS = `id::text AS "id", property_id AS "propertyId", seller_id::text AS "sellerId",
       remaining_shares AS "remainingShares", held_shares AS "heldShares", price_per_share::text AS "pricePerShare",
       expires_at AS "expiresAt", created_at AS "createdAt"`;
const LISTINGS: PreparedStatement = {
  name: "read_listings",
  text: `SELECT ${LISTED_ORDER_COLUMNS} FROM share_sell_requests
          WHERE status = 'active' AND expires_at > $1 AND remaining_shares > 0
          ORDER BY price_per_share, created_at LIMIT 100`,
};
const LISTINGS_OF_PROPERTY: PreparedStatement = {
  name: "read_listings_of_property",
  text: `SELECT ${LISTED_ORDER_COLUMNS} FROM share_sell_requests
          WHERE status = 'active' AND expires_at > $1 AND remaining_shares > 0 AND property_id = $2
          ORDER BY price_per_share, created_at LIMIT 100`,
};

/** Active, unexpired listings with shares left, cheapest first then oldest (spec 000 §7). */
export async function listAvailableShares(db: Db, options: { propertyId?: string; now?: Date } = {}): Promise<Listing[]> {
  const now = options.now ?? new Date();
  const rows = options.propertyId
    ? await preparedQuery<ListedOrder>(db, LISTINGS_OF_PROPERTY, [now, options.propertyId])
    : await preparedQuery<ListedOrder>(db, LISTINGS, [now]);
  const properties = await listingProperties(
    db,
    rows.map((row) => row.propertyId),
  );
  return rows
    .filter((row) => row.remainingShares > row.heldShares)
    .map((row) => ({
      id: row.id,
      propertyId: row.propertyId,
      propertyTitle: properties.get(row.propertyId)?.title ?? "",
      sellerId: row.sellerId,
      availableShares: row.remainingShares - row.heldShares,
      pricePerShare: row.pricePerShare,
      issuePrice: properties.get(row.propertyId)?.issue_price ?? "0.00",
      lastPrice: properties.get(row.propertyId)?.last_price ?? null,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }));
}

export type SellerOrder = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  status: string;
  sharesToSell: number;
  remainingShares: number;
  pricePerShare: string;
  expiresAt: string;
  createdAt: string;
};

/** The investor's own orders, newest first, optionally for one property. */
export async function listSellerOrders(db: Db, sellerId: string, propertyId?: string): Promise<SellerOrder[]> {
  const rows = await db.shareSellRequest.findMany({
    where: { sellerId, ...(propertyId ? { propertyId } : {}) },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: {
      id: true,
      propertyId: true,
      status: true,
      sharesToSell: true,
      remainingShares: true,
      pricePerShare: true,
      expiresAt: true,
      createdAt: true,
      property: { select: { title: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    propertyTitle: row.property.title,
    status: row.status,
    sharesToSell: row.sharesToSell,
    remainingShares: row.remainingShares,
    pricePerShare: row.pricePerShare.toFixed(2),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export type HoldRow = {
  id: string;
  orderId: string;
  propertyTitle: string;
  shares: number;
  amount: string;
  status: string;
  buyerConfirmed: boolean;
  sellerConfirmed: boolean;
  expiresAt: string;
};

const holdSelect = {
  id: true,
  orderId: true,
  shares: true,
  amount: true,
  holdStatus: true,
  buyerConfirmed: true,
  sellerConfirmed: true,
  holdExpiresAt: true,
  order: { select: { property: { select: { title: true } } } },
} as const;

function toHoldRow(row: {
  id: string;
  orderId: string;
  shares: number;
  amount: { toFixed(n: number): string };
  holdStatus: string;
  buyerConfirmed: boolean;
  sellerConfirmed: boolean;
  holdExpiresAt: Date;
  order: { property: { title: string } };
}): HoldRow {
  return {
    id: row.id,
    orderId: row.orderId,
    propertyTitle: row.order.property.title,
    shares: row.shares,
    amount: row.amount.toFixed(2),
    status: row.holdStatus,
    buyerConfirmed: row.buyerConfirmed,
    sellerConfirmed: row.sellerConfirmed,
    expiresAt: row.holdExpiresAt.toISOString(),
  };
}

/** Holds buyers placed and confirmed on the seller's orders, awaiting the seller (spec 000 §7 Holds). */
export async function listHoldsAwaitingSeller(db: Db, sellerId: string, now = new Date()): Promise<HoldRow[]> {
  const rows = await db.shareBuyerHold.findMany({
    where: { sellerId, holdStatus: "pending", buyerConfirmed: true, sellerConfirmed: false, holdExpiresAt: { gt: now } },
    orderBy: { holdExpiresAt: "asc" },
    select: holdSelect,
  });
  return rows.map(toHoldRow);
}

/**
 * Every hold on the seller's orders that is still open: pending (before its expiry, whether
 * or not the buyer has confirmed) or reserved and awaiting settlement, soonest deadline
 * first. A trade both sides confirmed stays here until an admin settles or releases it.
 */
export async function listSellerOpenHolds(db: Db, sellerId: string, now = new Date()): Promise<HoldRow[]> {
  const rows = await db.shareBuyerHold.findMany({
    where: {
      sellerId,
      OR: [{ holdStatus: "pending", holdExpiresAt: { gt: now } }, { holdStatus: "reserved" }],
    },
    orderBy: [{ holdExpiresAt: "asc" }],
    select: holdSelect,
  });
  return rows.map(toHoldRow);
}

/** The buyer's open holds (pending their or the seller's confirmation, or awaiting settlement). */
export async function listBuyerOpenHolds(db: Db, buyerId: string): Promise<HoldRow[]> {
  const rows = await db.shareBuyerHold.findMany({
    where: { buyerId, holdStatus: { in: ["pending", "reserved"] } },
    orderBy: { createdAt: "desc" },
    select: holdSelect,
  });
  return rows.map(toHoldRow);
}

/**
 * An investor's own sell orders (of one property, or all) and open holds as of one moment
 * (ADR 0100): an order's remaining shares beside the holds on it, as /dashboard/sell-requests
 * and /trading show them. Read side by side, a settlement committing between them showed the
 * order's shares still remaining and its reservation already gone.
 */
export function readOwnOrdersAndHolds(prisma: PrismaClient, userId: string, options: OwnOrdersOptions) {
  return readInOneSnapshot(prisma, (tx) => listOwnOrdersAndHolds(tx, userId, options));
}

type OwnOrdersOptions = { withHolds: boolean; propertyId?: string };

/** readOwnOrdersAndHolds inside a snapshot the caller holds, beside the page's other reads. */
export async function listOwnOrdersAndHolds(tx: Db, userId: string, { withHolds, propertyId }: OwnOrdersOptions) {
  const orders = await listSellerOrders(tx, userId, propertyId);
  const sellerHolds = withHolds ? await listSellerOpenHolds(tx, userId) : [];
  const buyerHolds = withHolds ? await listBuyerOpenHolds(tx, userId) : [];
  return { orders, sellerHolds, buyerHolds };
}

/** The investor's free shares of a property: owned, less those committed to open orders. */
export async function getSellableShares(db: Db, userId: string, propertyId: string): Promise<number> {
  const position = await db.userPropertyPosition.findUnique({
    where: { userId_propertyId: { userId, propertyId } },
    select: { shares: true, committedShares: true },
  });
  return position ? position.shares - position.committedShares : 0;
}

import { createBuyerHoldIn } from "~/domain/market/buyer-holds.server";
import { placeBuyOrderIn } from "~/domain/market/buy-orders.server";
import { DuplicateSubmitError } from "~/domain/market/market-errors";
import { lockOrder } from "~/domain/market/order-locks.server";
import { closeOrder, createSellRequestIn } from "~/domain/market/sell-requests.server";
import type { SellRequestStatus } from "~/generated/prisma/enums";
import { ORDER_LIFETIME_DAYS } from "~/lib/market/market-rules";
import { demoId, seedKey } from "./ids";
import { positionsOf } from "./money-plan";
import { BULK_INVESTORS, PERSONAS, userId } from "./personas";
import type { SeedContext } from "./context";

type Listing = {
  name: string;
  /** A persona's e-mail, or "bulk" for the first bulk investor holding enough shares. */
  seller: string;
  propertyId: string;
  shares: number;
  price: string;
  status: Extract<SellRequestStatus, "active" | "cancelled" | "expired">;
  /** Days until expiry (negative: expired that long ago). Orders are valid for 30 days. */
  expiresInDays: number;
  notes: string | null;
};

const LISTINGS: Listing[] = [
  {
    name: "small-baner",
    seller: PERSONAS.small.email,
    propertyId: "baner-greens-villas",
    shares: 1,
    price: "16800",
    status: "active",
    expiresInDays: 21,
    notes: "Selling my single share to fund a new purchase.",
  },
  {
    name: "large-assagao",
    seller: PERSONAS.large.email,
    propertyId: "assagao-palms-villa",
    shares: 10,
    price: "12900",
    status: "active",
    expiresInDays: 5,
    notes: "Partial exit, rebalancing towards commercial.",
  },
  {
    name: "large-cyber-hub",
    seller: PERSONAS.large.email,
    propertyId: "cyber-hub-commercial",
    shares: 8,
    price: "53500",
    status: "active",
    expiresInDays: 25,
    notes: null,
  },
  {
    name: "bulk-omr",
    seller: "bulk",
    propertyId: "omr-lakeview-homes",
    shares: 20,
    price: "10400",
    status: "active",
    expiresInDays: 28,
    notes: null,
  },
  {
    name: "bulk-cyber-hub",
    seller: "bulk",
    propertyId: "cyber-hub-commercial",
    shares: 15,
    price: "52000",
    status: "active",
    expiresInDays: 12,
    notes: "Priced below the last listing for a quick sale.",
  },
  {
    name: "bulk-assagao",
    seller: "bulk",
    propertyId: "assagao-palms-villa",
    shares: 25,
    price: "12500",
    status: "active",
    expiresInDays: 3,
    notes: null,
  },
  {
    name: "large-cyber-hub-old",
    seller: PERSONAS.large.email,
    propertyId: "cyber-hub-commercial",
    shares: 5,
    price: "55000",
    status: "cancelled",
    expiresInDays: -40,
    notes: "Changed my mind.",
  },
  {
    name: "small-omr-old",
    seller: PERSONAS.small.email,
    propertyId: "omr-lakeview-homes",
    shares: 1,
    price: "11000",
    status: "expired",
    expiresInDays: -50,
    notes: null,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the market itself words each closing (cancelSellRequest, expireMarket). */
const CLOSING_REASONS = { cancelled: "Sell request cancelled by the seller", expired: "Sell request expired" } as const;

/**
 * Secondary-market listings on resale-enabled properties, listed through the market's own
 * createSellRequest (which commits the shares on the seller's position and refuses more than
 * the seller owns or a price outside the band) and closed through its closeOrder, oldest
 * first. Only the timestamps are moved back to the listing's day afterwards.
 */
export async function writeMarket(context: SeedContext): Promise<void> {
  const { tx, clock, plan } = context;
  const positions = positionsOf(plan);
  const bulkEmails = new Set(BULK_INVESTORS.map((investor) => investor.email));
  const oldestFirst = [...LISTINGS].sort((a, b) => a.expiresInDays - b.expiresInDays);
  for (const listing of oldestFirst) {
    const id = demoId(`sell-request:${listing.name}`);
    if (await tx.shareSellRequest.findUnique({ where: { id }, select: { id: true } })) continue;
    const seller =
      listing.seller === "bulk"
        ? positions.find((p) => bulkEmails.has(p.email) && p.propertyId === listing.propertyId && p.shares >= listing.shares)?.email
        : listing.seller;
    if (!seller) throw new Error(`listing ${listing.name}: no bulk investor owns ${listing.shares} shares`);
    const sellerId = userId(seller);
    const expiresAt = clock.daysAhead(listing.expiresInDays);
    const createdAt = new Date(expiresAt.getTime() - ORDER_LIFETIME_DAYS * DAY_MS);
    await createSellRequestIn(
      tx,
      {
        sellerId,
        propertyId: listing.propertyId,
        shares: listing.shares,
        pricePerShare: listing.price,
        notes: listing.notes,
        idempotencyKey: seedKey(`sell-request:${listing.name}`),
      },
      createdAt,
      id,
    );
    if (listing.status !== "active") {
      const order = await lockOrder(tx, id, clock.now);
      const reason = CLOSING_REASONS[listing.status];
      await closeOrder(tx, order!, listing.status, reason, listing.status === "cancelled" ? sellerId : undefined);
    }
    const closedAt = listing.status === "active" ? createdAt : new Date(createdAt.getTime() + 3 * DAY_MS);
    await tx.shareSellRequest.update({ where: { id }, data: { createdAt, updatedAt: closedAt } });
  }
  await holdOnListing(context);
  await restingBid(context);
}

/** A buy order resting below the OMR listing's ask, so the order book shows both sides (ADR 0074). */
const DEMO_BID = { propertyId: "omr-lakeview-homes", shares: 1, maxPrice: "9800" };

/**
 * A limit buy order placed through the market's own placeBuyOrderIn: its cost is held by a
 * pending journal until it fills, is cancelled or expires. A run that finds its key used leaves it.
 */
async function restingBid({ tx, clock }: SeedContext): Promise<void> {
  const order = await tx.shareSellRequest.findUniqueOrThrow({
    where: { id: demoId(`sell-request:${DEMO_HOLD.listing}`) },
    select: { sellerId: true },
  });
  const buyer = BULK_INVESTORS.find((investor) => userId(investor.email) !== order.sellerId)!;
  try {
    await placeBuyOrderIn(
      tx,
      { buyerId: userId(buyer.email), ...DEMO_BID, shares: DEMO_BID.shares, idempotencyKey: seedKey("buy-order:omr") },
      clock.now,
      false,
    );
  } catch (error) {
    if (!(error instanceof DuplicateSubmitError)) throw error;
  }
}

/** The listing a bulk investor is buying from as the demo starts, and how many shares. */
const DEMO_HOLD = { listing: "bulk-omr", shares: 2 };

/**
 * A buyer hold in flight, made through the market's own createBuyerHoldIn at the moment of
 * seeding: the buyer's total is held by a pending journal and the shares are promised on the
 * order until both sides confirm. Like a real one it ends by itself: the market's expiry job
 * voids it an hour later unless someone confirms it. A run that finds its key used leaves it.
 */
async function holdOnListing({ tx, clock }: SeedContext): Promise<void> {
  const orderId = demoId(`sell-request:${DEMO_HOLD.listing}`);
  const order = await tx.shareSellRequest.findUniqueOrThrow({ where: { id: orderId }, select: { sellerId: true } });
  const buyer = [...BULK_INVESTORS].reverse().find((investor) => userId(investor.email) !== order.sellerId)!;
  try {
    await createBuyerHoldIn(
      tx,
      { buyerId: userId(buyer.email), orderId, shares: DEMO_HOLD.shares, idempotencyKey: seedKey(`hold:${DEMO_HOLD.listing}`) },
      clock.now,
    );
  } catch (error) {
    if (!(error instanceof DuplicateSubmitError)) throw error;
  }
}

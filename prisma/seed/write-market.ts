import { Decimal } from "~/lib/money";
import type { SellRequestStatus } from "~/generated/prisma/enums";
import { demoId } from "./ids";
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
  status: SellRequestStatus;
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

/** Secondary-market listings on resale-enabled properties, never more shares than the seller owns. */
export async function writeMarket({ tx, clock, plan }: SeedContext): Promise<void> {
  const positions = positionsOf(plan);
  const owned = (email: string, propertyId: string) => positions.find((p) => p.email === email && p.propertyId === propertyId)?.shares ?? 0;
  const bulkEmails = new Set(BULK_INVESTORS.map((investor) => investor.email));

  await tx.shareSellRequest.createMany({
    skipDuplicates: true,
    data: LISTINGS.map((listing) => {
      const seller =
        listing.seller === "bulk"
          ? positions.find((p) => bulkEmails.has(p.email) && p.propertyId === listing.propertyId && p.shares >= listing.shares)?.email
          : listing.seller;
      if (!seller || owned(seller, listing.propertyId) < listing.shares) {
        throw new Error(`listing ${listing.name}: the seller does not own ${listing.shares} shares`);
      }
      const expiresAt = clock.daysAhead(listing.expiresInDays);
      const createdAt = new Date(expiresAt.getTime() - 30 * DAY_MS);
      const closed = listing.status !== "active";
      return {
        id: demoId(`sell-request:${listing.name}`),
        sellerId: userId(seller),
        propertyId: listing.propertyId,
        sharesToSell: listing.shares,
        remainingShares: listing.shares,
        pricePerShare: listing.price,
        totalAmount: new Decimal(listing.price).times(listing.shares).toFixed(2),
        status: listing.status,
        expiresAt,
        notes: listing.notes,
        createdAt,
        updatedAt: closed ? new Date(createdAt.getTime() + 3 * DAY_MS) : createdAt,
      };
    }),
  });
  // Listed shares are committed on the seller's position (ADR 0009); set, not added, so a
  // second run changes nothing.
  await tx.$executeRaw`
    UPDATE user_property_positions p
       SET committed_shares = o.listed
      FROM (SELECT seller_id, property_id, sum(remaining_shares)::int AS listed
              FROM share_sell_requests WHERE status = 'active' GROUP BY seller_id, property_id) o
     WHERE p.user_id = o.seller_id AND p.property_id = o.property_id AND p.committed_shares <> o.listed`;
}

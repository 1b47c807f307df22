import type { Db } from "~/services/db.server";
import { propertyStatusLabel } from "~/domain/properties/property-display";

export type WatchlistCard = {
  propertyId: string;
  title: string;
  city: string;
  country: string;
  propertyType: string;
  status: string;
  statusLabel: string;
  image: string | null;
  sharePrice: string;
  expectedAnnualReturn: string | null;
  minimumInvestment: string;
  notes: string;
  addedAt: string;
  /** Funded and with at least one live sell offer: shares can still be bought from other investors. */
  hasActiveSellOffers: boolean;
};

/** The user's watchlist, newest first, with what each card shows. */
export async function listWatchlist(db: Db, userId: string, now: Date = new Date()): Promise<WatchlistCard[]> {
  const rows = await db.watchlistEntry.findMany({
    where: { userId },
    orderBy: [{ addedAt: "desc" }, { id: "desc" }],
    select: {
      notes: true,
      addedAt: true,
      property: {
        select: {
          id: true,
          title: true,
          city: true,
          country: true,
          propertyType: true,
          propertyStatus: true,
          images: true,
          sharePrice: true,
          expectedAnnualReturn: true,
          minimumInvestment: true,
          _count: { select: { sellRequests: { where: { status: "active", remainingShares: { gt: 0 }, expiresAt: { gt: now } } } } },
        },
      },
    },
  });
  return rows.map(({ property, notes, addedAt }) => ({
    propertyId: property.id,
    title: property.title,
    city: property.city,
    country: property.country,
    propertyType: property.propertyType,
    status: property.propertyStatus,
    statusLabel: propertyStatusLabel(property.propertyStatus),
    image: property.images[0] ?? null,
    sharePrice: property.sharePrice.toFixed(2),
    expectedAnnualReturn: property.expectedAnnualReturn?.toFixed(2) ?? null,
    minimumInvestment: property.minimumInvestment.toFixed(2),
    notes: notes ?? "",
    addedAt: addedAt.toISOString(),
    hasActiveSellOffers: property.propertyStatus === "funded" && property._count.sellRequests > 0,
  }));
}

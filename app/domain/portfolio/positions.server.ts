import type { Db } from "~/services/db.server";

export type PositionRow = {
  propertyId: string;
  title: string | null;
  propertyType: string;
  shares: number;
  avgPrice: string;
  costBasis: string;
  realisedProfit: string;
  sharePrice: string;
  sharesSellable: boolean;
};

/**
 * The user's position snapshots (user_property_positions) with the property's type and
 * current share price. The sidebar, the overview and the position pages all read this one
 * query, so they always agree. Positions sold down to zero shares are left out.
 */
export async function listOpenPositions(db: Db, userId: string): Promise<PositionRow[]> {
  const rows = await db.userPropertyPosition.findMany({
    where: { userId, shares: { gt: 0 } },
    select: {
      propertyId: true,
      shares: true,
      avgPrice: true,
      costBasis: true,
      realisedProfit: true,
      property: { select: { title: true, propertyType: true, sharePrice: true, sharesSellable: true } },
    },
  });
  return rows
    .map((row) => ({
      propertyId: row.propertyId,
      title: row.property.title,
      propertyType: row.property.propertyType,
      shares: row.shares,
      avgPrice: row.avgPrice.toFixed(2),
      costBasis: row.costBasis.toFixed(2),
      realisedProfit: row.realisedProfit.toFixed(2),
      sharePrice: row.property.sharePrice.toFixed(2),
      sharesSellable: row.property.sharesSellable,
    }))
    .sort((a, b) => (a.title ?? "").localeCompare(b.title ?? "") || a.propertyId.localeCompare(b.propertyId));
}

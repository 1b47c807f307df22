import { preparedQuery, type PreparedStatement, type Reader } from "~/services/db.server";

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
export async function listOpenPositions(db: Reader, userId: string): Promise<PositionRow[]> {
  const [read] = await preparedQuery<{ rows: PositionTuple[] | null }>(db, READ_OPEN_POSITIONS, [userId]);
  return (read?.rows ?? [])
    .map(([propertyId, title, propertyType, shares, avgPrice, costBasis, realisedProfit, sharePrice, sharesSellable]) => ({
      propertyId,
      title,
      propertyType,
      shares,
      avgPrice,
      costBasis,
      realisedProfit,
      sharePrice,
      sharesSellable,
    }))
    .sort((a, b) => (a.title ?? "").localeCompare(b.title ?? "") || a.propertyId.localeCompare(b.propertyId));
}

type PositionTuple = [string, string | null, string, number, string, string, string, string, boolean];

// One row holding a JSON array of positions (each an array): a 600-holding investor's positions
// through Prisma's client, read twice, were a fifth of the plans page's CPU (issue 32). The
// amounts are NUMERIC(16,2), whose text has the two places toFixed(2) gave.
const READ_OPEN_POSITIONS: PreparedStatement = {
  name: "read_open_positions",
  text: `
    SELECT json_agg(json_build_array(pos.property_id, p.title, p.property_type::text, pos.shares, pos.avg_price::text,
                                     pos.cost_basis::text, pos.realised_profit::text, p.share_price::text, p.shares_sellable)) AS rows
      FROM user_property_positions pos JOIN properties p ON p.id = pos.property_id
     WHERE pos.user_id = $1::uuid AND pos.shares > 0`,
};

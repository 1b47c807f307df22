import type { Db } from "~/services/db.server";
import { listOpenPositions } from "./positions.server";

export type InvestedProperty = { propertyId: string; title: string | null };

/**
 * The properties a user holds shares in, one entry each, for the dashboard's "My Properties"
 * list; read from the same positions as the overview, ordered by title so the list stays put.
 */
export async function listInvestedProperties(db: Db, userId: string): Promise<InvestedProperty[]> {
  const positions = await listOpenPositions(db, userId);
  return positions.map((position) => ({ propertyId: position.propertyId, title: position.title }));
}

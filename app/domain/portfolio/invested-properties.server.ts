import { preparedQuery, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";
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

/** The dashboard sidebar shows this many holdings unless asked for all of them (ADR 0038). */
export const SIDEBAR_PROPERTIES = 12;

/**
 * The first SIDEBAR_PROPERTIES held properties by title, then id (the database's collation), or
 * all of them, and how many there are, in one indexed query: the sidebar of a 600-holding
 * investor no longer ships and renders 600 links on every dashboard page.
 */
export async function listInvestedPropertiesPage(
  db: PrismaClient,
  userId: string,
  { all = false }: { all?: boolean } = {},
): Promise<{ properties: InvestedProperty[]; total: number }> {
  const rows = await preparedQuery<{ property_id: string; title: string | null; total: number }>(db, all ? READ_ALL : READ_FIRST, [userId]);
  return { properties: rows.map((row) => ({ propertyId: row.property_id, title: row.title })), total: rows[0]?.total ?? 0 };
}

// $1 the user. On every dashboard page, so a prepared statement (ADR 0026). The cap is written
// into the statement, not passed: with a LIMIT parameter PostgreSQL judged its one generic plan
// dearer than planning again for the large investor, and planned it on every page (ADR 0090).
// Each position keeps its property's title (ADR 0112), so the first twelve come in order from
// user_property_positions_by_title_idx: no join to properties, no sort of every holding.
function sidebarStatement(limit: number | null): PreparedStatement {
  return {
    name: limit === null ? "read_sidebar_properties_all" : "read_sidebar_properties",
    text: `
    SELECT property_id, property_title AS title,
           (SELECT count(*)::int FROM user_property_positions WHERE user_id = $1::uuid AND shares > 0) AS total
      FROM user_property_positions
     WHERE user_id = $1::uuid AND shares > 0
     ORDER BY property_title, property_id ${limit === null ? "" : `LIMIT ${limit}`}`,
  };
}
const READ_FIRST = sidebarStatement(SIDEBAR_PROPERTIES);
const READ_ALL = sidebarStatement(null);

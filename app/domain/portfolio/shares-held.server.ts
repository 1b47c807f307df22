import type { Db } from "~/services/db.server";

/** The user's shares in each of the given properties (only those with shares), by property id. */
export async function sharesHeld(db: Db, userId: string, propertyIds: string[]): Promise<Record<string, number>> {
  if (propertyIds.length === 0) return {};
  const rows = await db.userPropertyPosition.findMany({
    where: { userId, propertyId: { in: propertyIds }, shares: { gt: 0 } },
    select: { propertyId: true, shares: true },
  });
  return Object.fromEntries(rows.map((row) => [row.propertyId, row.shares]));
}

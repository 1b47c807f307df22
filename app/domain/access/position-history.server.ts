import type { Db } from "~/services/db.server";

/**
 * Whether the user has ever held shares: a position row stays, at zero shares, after every
 * share was sold or the property itself was sold (ADR 0071). Anyone with one keeps read
 * access to their own records, whatever their tier or trial (ADR 0075).
 */
export async function hasPositionHistory(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ held: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM user_property_positions WHERE user_id = ${userId}::uuid) AS held`;
  return row?.held ?? false;
}

import type { Db } from "~/services/db.server";

/**
 * The latest NAV per share of each property, in rupees as text, or null where there is none.
 * NAV (valuations less debts and reserves, per share) is built apart from the alerts; until it
 * is wired in here every property answers null, so the NAV-move rule records nothing and never
 * fires (ADR 0070).
 */
export async function latestNavPerShare(_db: Db, propertyIds: readonly string[]): Promise<Map<string, string | null>> {
  return new Map(propertyIds.map((id) => [id, null]));
}

export type NavSource = typeof latestNavPerShare;

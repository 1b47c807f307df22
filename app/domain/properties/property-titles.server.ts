import type { Db } from "~/services/db.server";

/**
 * The titles of the given properties, in one query, or none when there is nothing to name.
 * For lists that are often empty (a property's distributions, its listings): Prisma's
 * `include` of the property sends its second query even for no rows (`IN (NULL)`), a round
 * trip the invest page paid three times (ADR 0026).
 */
export async function propertyTitles(db: Db, propertyIds: Iterable<string | null>): Promise<Map<string, string>> {
  const ids = [...new Set([...propertyIds].filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.property.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } });
  return new Map(rows.map((row) => [row.id, row.title]));
}

import type { PrismaClient } from "~/services/db.server";

export type InvestedProperty = { propertyId: string; title: string | null };

/**
 * The properties a user has confirmed investments in, one entry each, for the
 * dashboard's "My Properties" list; ordered by title so the list stays put.
 */
export async function listInvestedProperties(prisma: PrismaClient, userId: string): Promise<InvestedProperty[]> {
  const rows = await prisma.investment.findMany({
    where: { userId, investmentStatus: "confirmed" },
    distinct: ["propertyId"],
    select: { propertyId: true, property: { select: { title: true } } },
  });
  return rows
    .map((row) => ({ propertyId: row.propertyId, title: row.property?.title ?? null }))
    .sort((a, b) => (a.title ?? "").localeCompare(b.title ?? "") || a.propertyId.localeCompare(b.propertyId));
}

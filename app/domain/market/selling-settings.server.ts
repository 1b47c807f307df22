import type { Db, Prisma } from "~/services/db.server";
import { escapeLike, type PageDirection } from "~/domain/admin/list-cursor";

export const SELLING_SETTINGS_PAGE_SIZE = 25;

export type SellingSetting = {
  id: string;
  title: string;
  halted: boolean;
  haltReason: string | null;
  status: string;
  sharesSellable: boolean;
  roi: string | null;
};

/**
 * One page of the "Share selling by property" table of /admin/share-trading (issue 37): every
 * listed property (drafts excepted) by title, or those whose title or city contains `search`
 * (through their trigram indexes). A cursor (the first or last property shown) reads the
 * neighbouring page from that property's place in the title order; a typed page number counts
 * rows. Halts are read for the page's properties only.
 */
export async function listSellingSettings(
  db: Db,
  input: { search: string; page: number; direction: PageDirection },
  size = SELLING_SETTINGS_PAGE_SIZE,
) {
  const search = input.search.trim();
  const text = escapeLike(search);
  const where: Prisma.PropertyWhereInput = {
    propertyStatus: { not: "draft" },
    ...(search ? { OR: [{ title: { contains: text, mode: "insensitive" } }, { city: { contains: text, mode: "insensitive" } }] } : {}),
  };
  const direction = input.direction;
  const cursor = direction ? ("after" in direction ? direction.after : direction.before) : null;
  const [total, rows] = await Promise.all([
    db.property.count({ where }),
    db.property.findMany({
      where,
      orderBy: [{ title: "asc" }, { id: "asc" }],
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : { skip: (input.page - 1) * size }),
      take: direction && "before" in direction ? -size : size,
      select: { id: true, title: true, propertyStatus: true, sharesSellable: true, actualRoiPercentage: true },
    }),
  ]);
  const halts = await db.marketBook.findMany({
    where: { halted: true, propertyId: { in: rows.map((row) => row.id) } },
    select: { propertyId: true, haltReason: true },
  });
  const haltedReason = new Map(halts.map((h) => [h.propertyId, h.haltReason ?? ""]));
  const properties: SellingSetting[] = rows.map((p) => ({
    id: p.id,
    title: p.title,
    halted: haltedReason.has(p.id),
    haltReason: haltedReason.get(p.id) ?? null,
    status: p.propertyStatus,
    sharesSellable: p.sharesSellable,
    roi: p.actualRoiPercentage?.toFixed(1) ?? null,
  }));
  return {
    properties,
    search,
    page: input.page,
    total,
    pageCount: Math.max(1, Math.ceil(total / size)),
    cursors: { previous: rows[0]?.id ?? null, next: rows[rows.length - 1]?.id ?? null },
  };
}

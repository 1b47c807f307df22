import type { DocumentViewer } from "~/domain/admin/properties/property-documents.server";
import { holdingWindowsOf } from "~/domain/vault/holding-history.server";
import { entitledTo, type HoldingWindow } from "~/domain/vault/holding-windows";
import type { Db } from "~/services/db.server";
import { labelHistory } from "./label-history";

const PAGE = 30;

const UPDATE_SELECT = {
  id: true,
  propertyId: true,
  title: true,
  body: true,
  statusLabel: true,
  publishedAt: true,
  attachments: {
    orderBy: { documentName: "asc" },
    select: { id: true, documentName: true, fileSize: true, isPublic: true, uploadedAt: true },
  },
} as const;

type UpdateRow = {
  id: string;
  propertyId: string;
  title: string;
  body: string;
  statusLabel: string;
  publishedAt: Date;
  attachments: { id: string; documentName: string; fileSize: number; isPublic: boolean; uploadedAt: Date }[];
};

/** An update as pages show it: its attachments cut to those the viewer may download. */
export type UpdateView = Omit<UpdateRow, "attachments"> & {
  attachments: { id: string; documentName: string; fileSize: number; isPublic: boolean }[];
};

function visibleTo(row: UpdateRow, viewer: DocumentViewer, windows: HoldingWindow[]): UpdateView {
  return {
    ...row,
    attachments: row.attachments
      .filter((a) => viewer.isAdmin || a.isPublic || entitledTo(windows, a.uploadedAt))
      .map(({ id, documentName, fileSize, isPublic }) => ({ id, documentName, fileSize, isPublic })),
  };
}

/**
 * A property's updates, newest first, with its current label and the label history. Updates
 * are as public as the property; an attachment follows the vault's rule (ADR 0070).
 */
export async function listPropertyUpdates(db: Db, propertyId: string, viewer: DocumentViewer) {
  const [rows, windows] = await Promise.all([
    db.propertyUpdate.findMany({ where: { propertyId }, orderBy: { publishedAt: "desc" }, take: PAGE, select: UPDATE_SELECT }),
    viewer.isAdmin || !viewer.id ? Promise.resolve([]) : holdingWindowsOf(db, viewer.id, propertyId),
  ]);
  const history = labelHistory(
    await db.propertyUpdate.findMany({
      where: { propertyId },
      orderBy: { publishedAt: "desc" },
      select: { statusLabel: true, publishedAt: true },
    }),
  );
  return {
    currentLabel: history[0]?.statusLabel ?? null,
    labelHistory: history,
    updates: rows.map((row) => visibleTo(row, viewer, windows)),
  };
}
export type PropertyUpdatesView = Awaited<ReturnType<typeof listPropertyUpdates>>;

/** The latest label of each given property (none for a property without updates). */
export async function currentStatusLabels(db: Db, propertyIds: readonly string[]): Promise<Map<string, string>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ property_id: string; status_label: string }[]>`
    SELECT DISTINCT ON (property_id) property_id, status_label::text AS status_label
      FROM property_updates
     WHERE property_id = ANY(${[...propertyIds]}::text[])
     ORDER BY property_id, published_at DESC, id DESC`;
  return new Map(rows.map((row) => [row.property_id, row.status_label]));
}

/**
 * The investor's feed: updates on every property they hold or once held, or watch, newest
 * first, each with its property's title and whether the investor has a position page for it.
 */
export async function listUpdatesFeed(db: Db, userId: string) {
  const [positions, watched] = await Promise.all([
    db.userPropertyPosition.findMany({ where: { userId }, select: { propertyId: true } }),
    db.watchlistEntry.findMany({ where: { userId }, select: { propertyId: true } }),
  ]);
  const held = new Set(positions.map((p) => p.propertyId));
  const propertyIds = [...new Set([...held, ...watched.map((w) => w.propertyId)])];
  if (propertyIds.length === 0) return [];
  const rows = await db.propertyUpdate.findMany({
    where: { propertyId: { in: propertyIds }, property: { propertyStatus: { not: "draft" } } },
    orderBy: { publishedAt: "desc" },
    take: PAGE,
    select: { ...UPDATE_SELECT, property: { select: { title: true } } },
  });
  const windowsByProperty = new Map<string, HoldingWindow[]>();
  for (const id of new Set(rows.filter((r) => held.has(r.propertyId)).map((r) => r.propertyId))) {
    windowsByProperty.set(id, await holdingWindowsOf(db, userId, id));
  }
  return rows.map(({ property, ...row }) => ({
    ...visibleTo(row, { isAdmin: false, id: userId }, windowsByProperty.get(row.propertyId) ?? []),
    propertyTitle: property.title,
    hasPosition: held.has(row.propertyId),
  }));
}

import type { DocumentViewer } from "~/domain/admin/properties/property-documents.server";
import { holdingWindowsOf } from "~/domain/vault/holding-history.server";
import { entitledTo, type HoldingWindow } from "~/domain/vault/holding-windows";
import { preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";
import { labelHistory } from "./label-history";
import { propertyTitles } from "~/domain/properties/property-titles.server";

const PAGE = 30;

const UPDATE_SELECT = { id: true, propertyId: true, title: true, body: true, statusLabel: true, publishedAt: true } as const;

type UpdateRow = { id: string; propertyId: string; title: string; body: string; statusLabel: string; publishedAt: Date };
type Attachment = { id: string; documentName: string; fileSize: number; isPublic: boolean };

/** An update as pages show it: its attachments cut to those the viewer may download. */
export type UpdateView = UpdateRow & { attachments: Attachment[] };

/**
 * The updates with the attachments `viewer` may download: an admin all, anyone else the public
 * ones and the holder-only ones the vault's rule gives them (ADR 0070). No attachment query for
 * no updates, and no holding history unless a holder-only attachment is there to decide.
 */
async function withAttachments(db: Db, rows: UpdateRow[], viewer: DocumentViewer): Promise<UpdateView[]> {
  if (rows.length === 0) return [];
  const files = await db.propertyDocument.findMany({
    where: { updateId: { in: rows.map((r) => r.id) } },
    orderBy: { documentName: "asc" },
    select: { id: true, updateId: true, propertyId: true, documentName: true, fileSize: true, isPublic: true, uploadedAt: true },
  });
  const windows = new Map<string, HoldingWindow[]>();
  if (!viewer.isAdmin && viewer.id) {
    for (const propertyId of new Set(files.filter((f) => !f.isPublic).map((f) => f.propertyId))) {
      windows.set(propertyId, await holdingWindowsOf(db, viewer.id, propertyId));
    }
  }
  const mayHave = (f: (typeof files)[number]) => viewer.isAdmin || f.isPublic || entitledTo(windows.get(f.propertyId) ?? [], f.uploadedAt);
  return rows.map((row) => ({
    ...row,
    attachments: files
      .filter((f) => f.updateId === row.id && mayHave(f))
      .map(({ id, documentName, fileSize, isPublic }) => ({ id, documentName, fileSize, isPublic })),
  }));
}

// The invest page sends this on every view: prepared, not through Prisma's pipeline (ADR 0026).
const READ_PROPERTY_UPDATES: PreparedStatement = {
  name: "read_property_updates",
  text: `SELECT id::text AS "id", property_id AS "propertyId", title, body, status_label::text AS "statusLabel",
                published_at AS "publishedAt"
           FROM property_updates
          WHERE property_id = $1
          ORDER BY published_at DESC, id DESC`,
};

/**
 * A property's updates, newest first, with its current label and the label history. Updates
 * are as public as the property; an attachment follows the vault's rule (ADR 0070).
 */
export async function listPropertyUpdates(db: Db, propertyId: string, viewer: DocumentViewer) {
  // Every update, once: the history needs them all, the list the latest page of them.
  const all = await preparedQuery<UpdateRow>(db, READ_PROPERTY_UPDATES, [propertyId]);
  const history = labelHistory(all);
  return {
    currentLabel: history[0]?.statusLabel ?? null,
    labelHistory: history,
    updates: await withAttachments(db, all.slice(0, PAGE), viewer),
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
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: PAGE,
    select: UPDATE_SELECT,
  });
  const [views, titles] = await Promise.all([
    withAttachments(db, rows, { isAdmin: false, id: userId }),
    propertyTitles(
      db,
      rows.map((r) => r.propertyId),
    ),
  ]);
  return views.map((view) => ({ ...view, propertyTitle: titles.get(view.propertyId) ?? "", hasPosition: held.has(view.propertyId) }));
}

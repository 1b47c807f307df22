import { documentTypeLabel } from "~/lib/property-documents";
import { paths } from "~/lib/paths";
import type { Db } from "~/services/db.server";
import { holdingWindowsOf } from "./holding-history.server";
import { entitledTo, type HoldingWindow } from "./holding-windows";

/** One file in a holder's vault, whatever table it comes from; `href` is its authorised download route. */
export type VaultItem = {
  key: string;
  kind: string;
  name: string;
  description: string | null;
  publishedAt: Date;
  href: string;
  holdersOnly: boolean;
  /** The update a file is attached to, if any. */
  updateTitle: string | null;
};

/**
 * A source of vault files: given the investor's holding windows in the property, it answers the
 * files they may download, by the rule `entitledTo` states (public, or holder-only and published
 * while they held, or any while they hold). Another kind of file (valuation reports) joins the
 * vault by adding one such function to VAULT_SOURCES; its download route applies the same rule.
 */
export type VaultSource = (db: Db, request: { userId: string; propertyId: string; windows: HoldingWindow[] }) => Promise<VaultItem[]>;

/** Property documents and the attachments of updates (property_documents). */
export const propertyDocumentsSource: VaultSource = async (db, { propertyId, windows }) => {
  const rows = await db.propertyDocument.findMany({
    where: { propertyId, property: { propertyStatus: { not: "draft" } } },
    select: {
      id: true,
      documentType: true,
      documentName: true,
      description: true,
      isPublic: true,
      uploadedAt: true,
      update: { select: { title: true } },
    },
  });
  return rows
    .filter((row) => row.isPublic || entitledTo(windows, row.uploadedAt))
    .map((row) => ({
      key: `document:${row.id}`,
      kind: documentTypeLabel(row.documentType),
      name: row.documentName,
      description: row.description,
      publishedAt: row.uploadedAt,
      href: paths.propertyDocument(row.id),
      holdersOnly: !row.isPublic,
      updateTitle: row.update?.title ?? null,
    }));
};

export const VAULT_SOURCES: readonly VaultSource[] = [propertyDocumentsSource];

/** Every file the investor may download for the property, newest first (ADR 0070). */
export async function listVault(db: Db, userId: string, propertyId: string, sources: readonly VaultSource[] = VAULT_SOURCES) {
  const windows = await holdingWindowsOf(db, userId, propertyId);
  const lists = await Promise.all(sources.map((source) => source(db, { userId, propertyId, windows })));
  return lists.flat().sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.key.localeCompare(b.key));
}

import type { Db } from "~/services/db.server";
import { isUuid } from "~/lib/uuid";

export type KycFileForViewer = { storageKey: string; fileName: string; mimeType: string; fileSize: number };

/**
 * A KYC file the viewer may open: a submitted document (by its id) or a file still in the
 * viewer's own draft (by its storage key's last segment). Only the owner or an admin gets
 * it; anyone else gets null, the same answer as for a file that does not exist.
 */
export async function getKycFileForViewer(
  db: Db,
  input: { viewerId: string; viewerIsAdmin: boolean; documentId: string },
): Promise<KycFileForViewer | null> {
  if (!isUuid(input.documentId)) return null;
  const document = await db.kycDocument.findUnique({
    where: { id: input.documentId },
    select: { userId: true, storageKey: true, fileName: true, mimeType: true, fileSize: true },
  });
  if (document) {
    if (document.userId !== input.viewerId && !input.viewerIsAdmin) return null;
    return { storageKey: document.storageKey, fileName: document.fileName, mimeType: document.mimeType, fileSize: document.fileSize };
  }
  // A draft file: its key is kyc/<viewerId>/<uuid>, and only the draft's owner sees it.
  const draft = await db.kycDraft.findUnique({ where: { userId: input.viewerId }, select: { data: true } });
  const files =
    ((draft?.data ?? {}) as { files?: Record<string, { key: string; fileName: string; mime: string; size: number }> }).files ?? {};
  const file = Object.values(files).find((entry) => entry?.key === `kyc/${input.viewerId}/${input.documentId}`);
  return file ? { storageKey: file.key, fileName: file.fileName, mimeType: file.mime, fileSize: file.size } : null;
}

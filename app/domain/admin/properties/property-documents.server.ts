import { DOCUMENT_TYPE_OPTIONS } from "~/lib/property-documents";
import { assertKeepsPublicDocument } from "./property-completeness.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { DomainError } from "~/domain/errors";
import { isPubliclyVisible } from "~/domain/properties/property-display";
import { holdingWindowsOf } from "~/domain/vault/holding-history.server";
import { entitledTo } from "~/domain/vault/holding-windows";
import { preparedQuery, runTransaction, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import type { PropertyDocumentType } from "~/generated/prisma/enums";
import { UploadRefused, type PrivateStorage, type UploadBody } from "~/services/storage/private-storage.server";

export const DOCUMENT_TYPES = DOCUMENT_TYPE_OPTIONS;
export type DocumentType = (typeof DOCUMENT_TYPES)[number][0];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What .pdf .jpg .jpeg .png .doc .docx look like by content (a .doc is an OLE compound file). */
const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "application/x-cfb",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];
const EXTENSIONS = /\.(pdf|jpe?g|png|docx?)$/i;

export const UPLOAD_FAILED = "Failed to upload document. Please try again.";
export const DELETE_FAILED = "Failed to delete document. Please try again.";
export const DOWNLOAD_FAILED = "Failed to download document. Please try again.";

export type DocumentFields = { documentType: string; documentName: string; description: string; isPublic: boolean };

/** The form's own checks, before any byte is stored. */
export function checkDocumentFields(fields: DocumentFields): {
  documentType: DocumentType;
  documentName: string;
  description: string | null;
} {
  const documentType = DOCUMENT_TYPES.find(([value]) => value === fields.documentType)?.[0];
  if (!documentType) throw new DomainError("document_type_required", "Choose a document type.", 400, "documentType");
  const documentName = fields.documentName.trim().slice(0, 200);
  if (!documentName) throw new DomainError("document_name_required", "Enter a document name.", 400, "documentName");
  return { documentType, documentName, description: fields.description.trim().slice(0, 1000) || null };
}

/**
 * Streams one file into private storage under the property (type checked by content, 10 MB
 * enforced while it streams); a refused file answers in the spec's words and nothing is kept.
 * The caller deletes the stored key when its own transaction fails.
 */
export async function storeDocumentFile(storage: PrivateStorage, propertyId: string, fileName: string, body: UploadBody) {
  if (!EXTENSIONS.test(fileName)) {
    throw new DomainError("document_type", `${UPLOAD_FAILED} Accepted files: PDF, JPG, PNG, DOC, DOCX.`, 415, "file");
  }
  try {
    return await storage.put(body, {
      maxBytes: MAX_DOCUMENT_BYTES,
      allowedTypes: DOCUMENT_MIME_TYPES,
      prefix: `property-documents/${propertyId}`,
    });
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const why =
      error.reason === "too_large"
        ? "The file is larger than 10 MB."
        : error.reason === "empty"
          ? "The file is empty."
          : "Accepted files: PDF, JPG, PNG, DOC, DOCX.";
    throw new DomainError(`document_${error.reason}`, `${UPLOAD_FAILED} ${why}`, error.status, "file");
  }
}

/**
 * Streams one document into storage (type checked by content, 10 MB enforced while it
 * streams) and records it. A refused file answers in the spec's words; nothing is kept.
 */
export async function uploadPropertyDocument(
  db: PrismaClient,
  storage: PrivateStorage,
  input: DocumentFields & { adminId: string; propertyId: string; fileName: string; body: UploadBody },
) {
  const fields = checkDocumentFields(input);
  const stored = await storeDocumentFile(storage, input.propertyId, input.fileName, input.body);
  try {
    return await runTransaction(db, "admin.upload-property-document", async (tx) => {
      const property = await tx.property.findUnique({ where: { id: input.propertyId }, select: { id: true } });
      if (!property) throw new DomainError("property_not_found", "Property not found.", 404);
      const document = await tx.propertyDocument.create({
        data: {
          propertyId: input.propertyId,
          ...fields,
          storageKey: stored.key,
          fileSize: stored.size,
          mimeType: stored.mime,
          uploadedBy: input.adminId,
          isPublic: input.isPublic,
        },
        select: { id: true },
      });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "document.upload",
        targetType: "property",
        targetId: input.propertyId,
        after: { documentId: document.id, ...fields, isPublic: input.isPublic, size: stored.size, mime: stored.mime },
      });
      return document;
    });
  } catch (error) {
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

/** Deletes the row (audited), then the file; a storage failure only warns. */
export async function deletePropertyDocument(
  db: PrismaClient,
  storage: PrivateStorage,
  input: { adminId: string; propertyId: string; documentId: string },
): Promise<{ storageWarning: boolean }> {
  const removed = await runTransaction(db, "admin.delete-property-document", async (tx) => {
    const document = await tx.propertyDocument.findFirst({ where: { id: input.documentId, propertyId: input.propertyId } });
    if (!document) throw new DomainError("document_not_found", DELETE_FAILED, 404);
    await tx.propertyDocument.delete({ where: { id: document.id } });
    // An open property keeps at least one public document (ADR 0050).
    if (document.isPublic) await assertKeepsPublicDocument(tx, input.propertyId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "document.delete",
      targetType: "property",
      targetId: input.propertyId,
      before: {
        documentId: document.id,
        documentType: document.documentType,
        documentName: document.documentName,
        isPublic: document.isPublic,
      },
    });
    return document.storageKey;
  });
  const deleted = await storage.delete(removed).then(
    () => true,
    () => false,
  );
  return { storageWarning: !deleted };
}

/** Who is looking at a property's documents: an admin sees all; anyone else what the vault's rule gives them. */
export type DocumentViewer = { isAdmin: boolean; id?: string };

type ListedDocument = {
  id: string;
  documentType: PropertyDocumentType;
  documentName: string;
  description: string | null;
  fileSize: number;
  mimeType: string;
  isPublic: boolean;
  uploadedAt: Date;
};

// Every invest page view sends this: prepared, not through Prisma's pipeline (ADR 0026).
// $2: the viewer is an admin (who sees a draft's documents too).
const READ_PROPERTY_DOCUMENTS: PreparedStatement = {
  name: "read_property_documents",
  text: `SELECT d.id::text AS "id", d.document_type::text AS "documentType", d.document_name AS "documentName",
                d.description, d.file_size AS "fileSize", d.mime_type AS "mimeType", d.is_public AS "isPublic",
                d.uploaded_at AS "uploadedAt"
           FROM property_documents d
           JOIN properties p ON p.id = d.property_id
          WHERE d.property_id = $1 AND d.update_id IS NULL AND ($2::boolean OR p.property_status <> 'draft')
          ORDER BY d.uploaded_at DESC`,
};

/**
 * A property's documents, newest first: every one for an admin; for anyone else the public ones
 * of a visible property, and the holder-only ones the viewer is entitled to (ADR 0070: published
 * while they held a share, or any while they hold one now). An update's attachments are listed
 * with their update, not here.
 */
export async function listPropertyDocuments(db: Db, propertyId: string, viewer: DocumentViewer) {
  const rows = await preparedQuery<ListedDocument>(db, READ_PROPERTY_DOCUMENTS, [propertyId, viewer.isAdmin]);
  if (viewer.isAdmin || rows.every((row) => row.isPublic)) return rows;
  const windows = viewer.id ? await holdingWindowsOf(db, viewer.id, propertyId) : [];
  return rows.filter((row) => row.isPublic || entitledTo(windows, row.uploadedAt));
}

/**
 * The document a viewer may download, or null (not found and not allowed look the same): an
 * admin any; anyone else a public one of a visible property, or a holder-only one they are
 * entitled to by the vault's rule.
 */
export async function findDownloadableDocument(db: Db, documentId: string, viewer: DocumentViewer) {
  const document = await db.propertyDocument.findUnique({
    where: { id: documentId },
    select: {
      storageKey: true,
      documentName: true,
      mimeType: true,
      fileSize: true,
      isPublic: true,
      uploadedAt: true,
      propertyId: true,
      property: { select: { propertyStatus: true } },
    },
  });
  if (!document) return null;
  if (viewer.isAdmin) return document;
  if (!isPubliclyVisible(document.property.propertyStatus)) return null;
  if (document.isPublic) return document;
  if (!viewer.id) return null;
  const windows = await holdingWindowsOf(db, viewer.id, document.propertyId);
  return entitledTo(windows, document.uploadedAt) ? document : null;
}

import { MAX_DOCUMENT_BYTES } from "~/domain/admin/properties/property-documents.server";
import { UploadRefused, type PrivateStorage, type UploadBody } from "~/services/storage/private-storage.server";
import { ExitError } from "./exit-rules";

/** A sale's documents per proposal: the agreement, a valuation, the buyer's offer and the like. */
export const MAX_SALE_DOCUMENTS = 5;

export type IncomingSaleDocument = { fileName: string; body: UploadBody; tooLarge?: boolean };
export type StoredSaleDocument = { fileName: string; key: string; size: number; mime: string };

const refused = (code: string, message: string, status: number) => new ExitError(code, message, status, "documents");

/**
 * Stores a proposal's documents in private storage, as a valuation's report is stored: PDFs
 * only, checked by their bytes, 10 MB each. A refusal removes what was already stored, so a
 * refused proposal keeps no file.
 */
export async function storeSaleDocuments(
  storage: PrivateStorage,
  propertyId: string,
  documents: readonly IncomingSaleDocument[],
): Promise<StoredSaleDocument[]> {
  if (documents.length > MAX_SALE_DOCUMENTS)
    throw refused("sale_documents_too_many", `Attach at most ${MAX_SALE_DOCUMENTS} documents.`, 400);
  const stored: StoredSaleDocument[] = [];
  try {
    for (const document of documents) {
      if (document.tooLarge) throw refused("sale_document_too_large", `${document.fileName} is larger than 10 MB.`, 413);
      if (!/\.pdf$/i.test(document.fileName)) throw refused("sale_document_type", "The sale's documents must be PDFs.", 415);
      try {
        const file = await storage.put(document.body, {
          maxBytes: MAX_DOCUMENT_BYTES,
          allowedTypes: ["application/pdf"],
          prefix: `sale-documents/${propertyId}`,
        });
        stored.push({ fileName: document.fileName, ...file });
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error;
        const why =
          error.reason === "too_large"
            ? `${document.fileName} is larger than 10 MB.`
            : error.reason === "empty"
              ? `${document.fileName} is empty.`
              : "The sale's documents must be PDFs.";
        throw refused(`sale_document_${error.reason}`, why, error.status);
      }
    }
    return stored;
  } catch (error) {
    await removeSaleDocuments(storage, stored);
    throw error;
  }
}

export async function removeSaleDocuments(storage: PrivateStorage, stored: readonly StoredSaleDocument[]): Promise<void> {
  await Promise.all(stored.map((file) => storage.delete(file.key).catch(() => undefined)));
}

import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { findDownloadableDocument } from "~/domain/admin/properties/property-documents.server";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { requireUserWithinTrial } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";

const documentNotFound = () => new Response("Document not found.", { status: 404 });
const EXTENSION: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/x-cfb": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/** A property document: public ones of visible properties for any signed-in user, holder-only ones for the holders entitled to them (ADR 0070), every one for admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUserWithinTrial(request);
  const { documentId } = requireParams(params, { documentId: "uuid" }, documentNotFound);
  const document = await findDownloadableDocument(getPrisma(), documentId, viewer);
  if (!document) return documentNotFound();
  const stream = await getPrivateStorage().read(document.storageKey);
  if (!stream) return new Response("Failed to download document. Please try again.", { status: 502 });
  const base = document.documentName.replace(/[^\p{L}\p{N} ._-]/gu, "").trim() || "document";
  const fileName = `${base}.${EXTENSION[document.mimeType] ?? "bin"}`;
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": document.mimeType,
      "Content-Length": String(document.fileSize),
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

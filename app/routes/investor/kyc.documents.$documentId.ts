import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getKycFileForViewer } from "~/domain/kyc/kyc-document-access.server";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { getOptionalUser } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** A filename for Content-Disposition: plain ASCII there, the real name in filename*. */
function disposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a KYC file to its owner or an admin. Anyone else, signed out or not, gets the
 * same 404 as for a file that does not exist, so ids reveal nothing. (X-Content-Type-Options:
 * nosniff comes from the server's security headers on every response.)
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  if (!viewer) return notFound();
  const { documentId } = requireParams(params, { documentId: "uuid" }, notFound);
  const file = await getKycFileForViewer(getPrisma(), { viewerId: viewer.id, viewerIsAdmin: viewer.isAdmin, documentId });
  if (!file) return notFound();
  const stream = await getPrivateStorage().read(file.storageKey);
  if (!stream) return notFound();
  // Images open in the browser; a PDF is downloaded rather than rendered on our origin.
  const kind = file.mimeType.startsWith("image/") ? "inline" : "attachment";
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Disposition": disposition(kind, file.fileName),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

import { listPropertyDocuments, type DocumentViewer } from "~/domain/admin/properties/property-documents.server";
import { getPrisma } from "~/services/db.server";

/** For a page's loader: the documents `viewer` may see on a property (public ones, those they hold the right to, or all for admins). */
export function loadPropertyDocuments(propertyId: string, viewer: DocumentViewer) {
  return listPropertyDocuments(getPrisma(), propertyId, viewer);
}

import { listPropertyDocuments } from "~/domain/admin/properties/property-documents.server";
import { getPrisma } from "~/services/db.server";

/** For a page's loader: the documents `viewer` may see on a property (public ones, or all for admins). */
export function loadPropertyDocuments(propertyId: string, viewer: { isAdmin: boolean }) {
  return listPropertyDocuments(getPrisma(), propertyId, viewer);
}

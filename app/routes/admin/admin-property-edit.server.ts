import { data } from "@remix-run/node";
import {
  PROPERTY_UPDATED,
  addImages,
  changeImage,
  updateProperty,
  type ImageChange,
} from "~/domain/admin/properties/manage-property.server";
import { DELETE_FAILED, deletePropertyDocument, uploadPropertyDocument } from "~/domain/admin/properties/property-documents.server";
import { parsePropertyForm } from "~/domain/admin/properties/property-form";
import { paths } from "~/lib/paths";
import type { ToastInput } from "~/lib/toast";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { readPropertyForm } from "~/web/admin-property-form.server";
import { fieldErrorOf, replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";

export type EditReply = {
  section: "details" | "images" | "documents";
  formError: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
};

const IMAGE_CHANGES: ImageChange[] = ["remove", "up", "down", "cover"];
const STORAGE_WARNING = "Warning: File may not have been deleted from storage";

/** Every form of the edit page: details, images (add, remove, move, cover) and documents (upload, delete). */
export async function submitPropertyEdit(request: Request, admin: SessionUser, propertyId: string) {
  const { fields, images, document } = await readPropertyForm(request);
  const intent = fields.intent ?? "";
  const db = getPrisma();
  const storage = getPrivateStorage();
  const back = (toast: ToastInput) => redirectWithToast(paths.admin.editProperty(propertyId), toast);
  const section: EditReply["section"] = intent === "save" ? "details" : intent.includes("document") ? "documents" : "images";
  try {
    switch (intent) {
      case "save": {
        const parsed = parsePropertyForm(fields, "edit");
        if (!parsed.ok)
          return data<EditReply>(
            { section, formError: `${parsed.title} - ${parsed.message}`, fieldErrors: parsed.fieldErrors, values: fields },
            400,
          );
        const { changed } = await updateProperty(db, { adminId: admin.id, propertyId, data: parsed.data });
        return back(changed ? { kind: "success", title: PROPERTY_UPDATED } : { kind: "info", title: "No changes to save" });
      }
      case "add-images": {
        const count = await addImages(db, storage, { adminId: admin.id, propertyId, images });
        return back({ kind: "success", title: "Images Uploaded", description: `${count} image(s) uploaded successfully` });
      }
      case "image": {
        const change = IMAGE_CHANGES.find((c) => c === fields.change);
        if (!change) break;
        const { storageWarning } = await changeImage(db, storage, { adminId: admin.id, propertyId, url: fields.url ?? "", change });
        return back(
          storageWarning
            ? { kind: "warning", title: "Image removed", description: STORAGE_WARNING }
            : { kind: "success", title: change === "remove" ? "Image removed" : "Images reordered" },
        );
      }
      case "upload-document": {
        if (!document) {
          return data<EditReply>(
            { section, formError: "Failed to upload document. Please try again.", fieldErrors: { file: "Choose a file." }, values: fields },
            400,
          );
        }
        if (document.tooLarge) {
          return data<EditReply>(
            {
              section,
              formError: "Failed to upload document. Please try again. The file is larger than 10 MB.",
              fieldErrors: { file: "Larger than 10 MB." },
              values: fields,
            },
            413,
          );
        }
        await uploadPropertyDocument(db, storage, {
          adminId: admin.id,
          propertyId,
          documentType: fields.documentType ?? "",
          documentName: fields.documentName ?? "",
          description: fields.description ?? "",
          isPublic: fields.isPublic === "on",
          fileName: document.name,
          body: [document.bytes],
        });
        return back({ kind: "success", title: "Document uploaded" });
      }
      case "delete-document": {
        const { storageWarning } = await deletePropertyDocument(db, storage, {
          adminId: admin.id,
          propertyId,
          documentId: fields.documentId ?? "",
        });
        return back(
          storageWarning
            ? { kind: "warning", title: "Document deleted", description: STORAGE_WARNING }
            : { kind: "success", title: "Document deleted" },
        );
      }
    }
    return data<EditReply>(
      { section, formError: "This form could not be processed. Please reload the page.", fieldErrors: {}, values: fields },
      400,
    );
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal): EditReply => ({
        section,
        formError: intent === "delete-document" && refusal.code !== "property_incomplete" ? DELETE_FAILED : refusal.message,
        fieldErrors: fieldErrorOf(refusal),
        values: fields,
      }),
    });
  }
}

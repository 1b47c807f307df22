import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import {
  PROPERTY_UPDATED,
  addImages,
  changeImage,
  updateProperty,
  type ImageChange,
} from "~/domain/admin/properties/manage-property.server";
import { UPLOAD_FAILED, deletePropertyDocument, uploadPropertyDocument } from "~/domain/admin/properties/property-documents.server";
import { paths } from "~/lib/paths";
import type { ToastInput } from "~/lib/toast";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { asFormPayload, checkPropertyDetails, readPropertyForm } from "~/web/admin-property-form.server";
import { replyToDomainError, type DomainErrorReply } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

/** Which of the page's forms a reply belongs to: its messages and typed values go back there. */
export type EditSection = "details" | "images" | "documents";

const IMAGE_CHANGES = ["remove", "up", "down", "cover"] as const satisfies readonly ImageChange[];
const STORAGE_WARNING = "Warning: File may not have been deleted from storage";
const NOT_PROCESSED = "This form could not be processed. Please reload the page.";

// The document's type and name are the domain's to check (with their own messages): empty ones reach it as "".
const text = z.string().default("");
const editSchema = z.discriminatedUnion(
  "intent",
  [
    z.looseObject({ intent: z.literal("save") }).transform((payload, ctx) => ({
      intent: "save" as const,
      details: checkPropertyDetails("edit")(payload, ctx),
    })),
    z.object({ intent: z.literal("add-images") }),
    z.object({ intent: z.literal("image"), url: text, change: z.enum(IMAGE_CHANGES, { error: NOT_PROCESSED }) }),
    z.object({
      intent: z.literal("upload-document"),
      documentType: text,
      documentName: text,
      description: text,
      isPublic: z.literal("on").optional(),
    }),
    z.object({ intent: z.literal("delete-document"), documentId: text }),
  ],
  { error: NOT_PROCESSED },
);

function sectionOf(intent: string): EditSection {
  return intent === "save" ? "details" : intent.includes("document") ? "documents" : "images";
}

/** Every form of the edit page: details, images (add, remove, move, cover) and documents (upload, delete). */
export async function submitPropertyEdit(request: Request, admin: SessionUser, propertyId: string) {
  const { fields, images, document } = await readPropertyForm(request);
  const section = sectionOf(fields.intent ?? "");
  const submission = parseWithZod(asFormPayload(fields), { schema: editSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission, { section });
  const form = submission.value;
  const db = getPrisma();
  const storage = getPrivateStorage();
  const back = (toast: ToastInput) => redirectWithToast(paths.admin.editProperty(propertyId), toast);
  try {
    switch (form.intent) {
      case "save": {
        const { changed } = await updateProperty(db, { adminId: admin.id, propertyId, data: form.details });
        return back(changed ? { kind: "success", title: PROPERTY_UPDATED } : { kind: "info", title: "No changes to save" });
      }
      case "add-images": {
        const count = await addImages(db, storage, { adminId: admin.id, propertyId, images });
        return back({ kind: "success", title: "Images Uploaded", description: `${count} image(s) uploaded successfully` });
      }
      case "image": {
        const { storageWarning } = await changeImage(db, storage, { adminId: admin.id, propertyId, url: form.url, change: form.change });
        return back(
          storageWarning
            ? { kind: "warning", title: "Image removed", description: STORAGE_WARNING }
            : { kind: "success", title: form.change === "remove" ? "Image removed" : "Images reordered" },
        );
      }
      case "upload-document": {
        if (!document) {
          const result = submission.reply({ formErrors: [UPLOAD_FAILED], fieldErrors: { file: ["Choose a file."] } });
          return data({ result, followUp: null, section } satisfies DomainErrorReply & { section: EditSection }, 400);
        }
        if (document.tooLarge) {
          const result = submission.reply({
            formErrors: [`${UPLOAD_FAILED} The file is larger than 10 MB.`],
            fieldErrors: { file: ["Larger than 10 MB."] },
          });
          return data({ result, followUp: null, section } satisfies DomainErrorReply & { section: EditSection }, 413);
        }
        await uploadPropertyDocument(db, storage, {
          adminId: admin.id,
          propertyId,
          documentType: form.documentType,
          documentName: form.documentName,
          description: form.description,
          isPublic: form.isPublic === "on",
          fileName: document.name,
          body: [document.bytes],
        });
        return back({ kind: "success", title: "Document uploaded" });
      }
      case "delete-document": {
        const { storageWarning } = await deletePropertyDocument(db, storage, {
          adminId: admin.id,
          propertyId,
          documentId: form.documentId,
        });
        return back(
          storageWarning
            ? { kind: "warning", title: "Document deleted", description: STORAGE_WARNING }
            : { kind: "success", title: "Document deleted" },
        );
      }
    }
  } catch (error) {
    // A refused delete says DELETE_FAILED or why the document must stay, as the domain words it.
    return replyToDomainError(error, submission, { extra: { section } });
  }
}

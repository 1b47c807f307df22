import { data } from "@remix-run/node";
import { MAX_DOCUMENT_BYTES } from "~/domain/admin/properties/property-documents.server";
import { MAX_UPDATE_ATTACHMENTS } from "~/lib/property-updates";
import { readCapped } from "~/web/admin-property-form.server";
import { readFormData, refuseForbiddenCharacters } from "~/web/form-data.server";
import { parseMultipartForm } from "~/web/multipart.server";

const MAX_FIELD_BYTES = 16 * 1024;

export type IncomingAttachment = { name: string; bytes: Buffer; tooLarge: boolean };

/**
 * An update's form: its text fields and up to three files under "attachments" (10 MB each; a
 * bigger one is marked, not kept past the limit; a fourth is counted so the domain refuses it).
 * A url-encoded post reads as fields only.
 */
export function readUpdateForm(request: Request) {
  return readFormWithFiles(request, { fileField: "attachments", maxFiles: MAX_UPDATE_ATTACHMENTS });
}

/** A form's text fields and up to `maxFiles` files under `fileField` (10 MB each, as above); the sale proposal's form reads its documents so. */
export async function readFormWithFiles(
  request: Request,
  { fileField, maxFiles }: { fileField: string; maxFiles: number },
): Promise<{ fields: URLSearchParams; attachments: IncomingAttachment[]; extraFiles: number }> {
  const type = request.headers.get("Content-Type") ?? "";
  const fields = new URLSearchParams();
  if (!type.startsWith("multipart/form-data")) {
    for (const [key, value] of await readFormData(request)) if (typeof value === "string") fields.append(key, value);
    return { fields, attachments: [], extraFiles: 0 };
  }
  const attachments: IncomingAttachment[] = [];
  let extraFiles = 0;
  await parseMultipartForm(request, async (part) => {
    if (part.filename === undefined) {
      const { bytes, tooLarge } = await readCapped(part, MAX_FIELD_BYTES);
      if (tooLarge) throw data("The form is too large.", { status: 413 });
      const value = bytes.toString("utf8");
      refuseForbiddenCharacters(value);
      fields.append(part.name, value);
    } else if (part.filename === "" || part.name !== fileField) {
      await readCapped(part, 0);
    } else if (attachments.length < maxFiles) {
      attachments.push({ name: part.filename, ...(await readCapped(part, MAX_DOCUMENT_BYTES)) });
    } else {
      extraFiles += 1;
      await readCapped(part, 0);
    }
    return undefined;
  });
  return { fields, attachments, extraFiles };
}

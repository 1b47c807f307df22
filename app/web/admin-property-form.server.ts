import type { UploadHandlerPart } from "@remix-run/node";
import { z } from "zod";
import { parsePropertyForm, type PropertyFormData } from "~/domain/admin/properties/property-form";
import { MAX_DOCUMENT_BYTES } from "~/domain/admin/properties/property-documents.server";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD, type IncomingImage } from "~/domain/admin/properties/property-images.server";
import { readFormData, refuseForbiddenCharacters } from "~/web/form-data.server";
import { parseMultipartForm } from "~/web/multipart.server";
import { data } from "@remix-run/node";

const MAX_FIELD_BYTES = 16 * 1024;

export type IncomingDocument = { name: string; bytes: Buffer; tooLarge: boolean };
export type PropertyMultipart = { fields: Record<string, string>; images: IncomingImage[]; document: IncomingDocument | null };

/** Reads a part up to `limit` bytes; past it, the rest is drained and the part marked too large. */
export async function readCapped(part: UploadHandlerPart, limit: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), tooLarge };
}

/**
 * The property and document forms: text fields, up to ten images (5 MB each) under
 * "images" and one document (10 MB) under "document". A file over its limit is not kept
 * in memory past the limit: it is marked and refused by the domain's checks. Plain
 * url-encoded posts (the small buttons) read as fields only.
 */
export async function readPropertyForm(request: Request): Promise<PropertyMultipart> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await readFormData(request);
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    return { fields, images: [], document: null };
  }
  const fields: Record<string, string> = {};
  const images: IncomingImage[] = [];
  let document: IncomingDocument | null = null;
  await parseMultipartForm(request, async (part) => {
    if (part.filename === undefined) {
      const { bytes, tooLarge } = await readCapped(part, MAX_FIELD_BYTES);
      if (tooLarge) throw data("The form is too large.", { status: 413 });
      fields[part.name] = bytes.toString("utf8");
      refuseForbiddenCharacters(fields[part.name]!);
    } else if (part.filename === "") {
      await readCapped(part, 0); // no file chosen
    } else if (part.name === "images" && images.length <= MAX_IMAGES_PER_UPLOAD) {
      images.push({ name: part.filename, ...(await readCapped(part, MAX_IMAGE_BYTES)) });
    } else if (part.name === "document" && !document) {
      document = { name: part.filename, ...(await readCapped(part, MAX_DOCUMENT_BYTES)) };
    } else {
      await readCapped(part, 0);
    }
    return undefined;
  });
  return { fields, images, document };
}

/** The text fields as conform reads a form, so `parseWithZod` can parse what `readPropertyForm` gave. */
export function asFormPayload(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(Object.entries(fields));
}

/**
 * The property details, checked inside a zod schema (`.transform(checkPropertyDetails(mode))`).
 * The rules are the domain's (`parsePropertyForm`: the required fields first, then every number,
 * each amount through the one rupee parser bounded by what its column holds); its refusal
 * becomes zod issues: the summary ("Missing Required Fields - Please fill in: …") on the form
 * and each message on its field.
 */
export function checkPropertyDetails(mode: "create" | "edit") {
  return (payload: Record<string, unknown>, ctx: z.RefinementCtx): PropertyFormData => {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(payload)) if (typeof value === "string") values[name] = value;
    const parsed = parsePropertyForm(values, mode);
    if (parsed.ok) return parsed.data;
    ctx.addIssue({ code: "custom", path: [], message: `${parsed.title} - ${parsed.message}` });
    for (const [name, message] of Object.entries(parsed.fieldErrors)) ctx.addIssue({ code: "custom", path: [name], message });
    return z.NEVER;
  };
}

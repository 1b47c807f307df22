import type { UploadHandlerPart } from "@remix-run/node";
import { DRAFT_FILE_SLOTS, type DraftFile, type DraftFileSlot } from "~/domain/kyc/kyc-draft.server";
import { KycRefused, systemClock } from "~/domain/kyc/kyc-errors.server";
import { uploadKycDocument } from "~/domain/kyc/upload-kyc-document.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { readFormData, refuseForbiddenCharacters } from "~/web/form-data.server";
import { parseMultipartForm } from "~/web/multipart.server";

const MAX_FIELD_BYTES = 4 * 1024;

export type KycForm = {
  fields: Record<string, string>;
  files: Partial<Record<DraftFileSlot, DraftFile>>;
  /**
   * Set when the form or a file was refused. A refused file (too large, wrong type) does not
   * stop the reading: every field and every other file of the form is still here.
   */
  refusal?: KycRefused;
  /** Each refused file's message, keyed by its field, for the form to show beside it. */
  fileErrors?: Partial<Record<DraftFileSlot, string[]>>;
};

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of data) void chunk;
}

async function readField(part: UploadHandlerPart): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size > MAX_FIELD_BYTES) throw new KycRefused("uploadFailed", "The form is too large. Please try again.", 413);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  refuseForbiddenCharacters(text);
  return text;
}

/**
 * Reads a wizard form. A multipart form streams each chosen file straight into private
 * storage (nothing is buffered whole in memory); fields are read as text. A refused file is
 * reported with its field and the accepted ones are kept; when the form itself cannot be read,
 * the files already stored by this request are removed and the refusal is returned.
 */
export async function readKycForm(request: Request, userId: string): Promise<KycForm> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const form = await readFormData(request);
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    return { fields, files: {} };
  }
  const storage = getPrivateStorage();
  const fields: Record<string, string> = {};
  const files: Partial<Record<DraftFileSlot, DraftFile>> = {};
  const fileErrors: Partial<Record<DraftFileSlot, string[]>> = {};
  let fileRefusal: KycRefused | undefined;
  try {
    await parseMultipartForm(request, async (part) => {
      if (part.filename === undefined) {
        fields[part.name] = await readField(part);
        return undefined;
      }
      const slot = DRAFT_FILE_SLOTS.find((candidate) => candidate === part.name);
      // No file chosen: browsers send an empty part without a name.
      if (!slot || part.filename === "") {
        await drain(part.data);
        return undefined;
      }
      try {
        files[slot] = await uploadKycDocument(storage, { userId, fileName: part.filename, body: part.data }, systemClock);
      } catch (error) {
        if (!(error instanceof KycRefused)) throw error;
        // The rest of this file is read and dropped, so the fields after it arrive and the
        // browser, still sending, gets the answer instead of a broken connection.
        await drain(part.data);
        fileErrors[slot] = [error.message];
        fileRefusal ??= error;
      }
      return undefined;
    });
  } catch (error) {
    await Promise.all(Object.values(files).map((file) => storage.delete(file.key)));
    if (error instanceof KycRefused) return { fields, files: {}, refusal: error };
    if (error instanceof Response && error.status === 400)
      return { fields, files: {}, refusal: new KycRefused("uploadFailed", await error.text(), 400) };
    throw error;
  }
  return fileRefusal ? { fields, files, refusal: fileRefusal, fileErrors } : { fields, files };
}

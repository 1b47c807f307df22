import { randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { megabytes, UploadRefused, type PutOptions, type UploadBody } from "./private-storage.server";

/** file-type's own advice: this many bytes recognise every format it knows. */
const SNIFF_BYTES = 4100;

export type ReceivedUpload = { file: string; size: number; mime: string };

/**
 * Streams an upload into a private temporary file under `spoolDir`, counting as it goes:
 * the chunk that crosses `maxBytes` is refused before it is written and nothing more is
 * read. The type comes from the first bytes, and a disallowed type is refused as soon as
 * those have arrived. On refusal the temporary file is removed; on success the caller
 * moves or uploads it and then removes it.
 */
export async function receiveUpload(
  body: UploadBody,
  { maxBytes, allowedTypes }: Pick<PutOptions, "maxBytes" | "allowedTypes">,
  spoolDir: string,
): Promise<ReceivedUpload> {
  await mkdir(spoolDir, { recursive: true });
  const file = path.join(spoolDir, `${randomUUID()}.part`);
  const handle = await open(file, "wx", 0o600);
  let size = 0;
  let mime: string | undefined;
  const head: Uint8Array[] = [];
  let headLength = 0;
  try {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new UploadRefused("too_large", `The file is larger than ${megabytes(maxBytes)}.`);
      if (mime === undefined) {
        head.push(chunk);
        headLength += chunk.byteLength;
        if (headLength >= SNIFF_BYTES) mime = await allowedTypeOf(Buffer.concat(head), allowedTypes);
      }
      await handle.write(chunk);
    }
    if (size === 0) throw new UploadRefused("empty", "The file is empty.");
    mime ??= await allowedTypeOf(Buffer.concat(head), allowedTypes);
    await handle.close();
    return { file, size, mime };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw error;
  }
}

async function allowedTypeOf(head: Buffer, allowedTypes: readonly string[]): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !allowedTypes.includes(detected.mime)) {
    throw new UploadRefused("unsupported_type", "This type of file is not accepted.");
  }
  return detected.mime;
}

import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertValidStorageKey, type PrivateStorage, type PutOptions, type StoredFile } from "./private-storage.server";
import { receiveUpload } from "./receive-upload.server";

/**
 * Private files on the local disk under `root` (DATA_DIR/uploads/private, outside the
 * folder served at /media). An upload is streamed into `root/.incoming` and renamed
 * into place, so a reader never sees half a file; keys cannot name `.incoming`.
 */
export function localPrivateStorage(root: string): PrivateStorage {
  const base = path.resolve(root);
  const spoolDir = path.join(base, ".incoming");

  function fileFor(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(base, key);
    // The key pattern already rules traversal out; this keeps it true if the pattern ever changes.
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error("storage key resolved outside the storage root");
    return file;
  }

  return {
    async put(body, options: PutOptions): Promise<StoredFile> {
      const key = `${options.prefix}/${randomUUID()}`;
      const target = fileFor(key);
      const received = await receiveUpload(body, options, spoolDir);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(received.file, target);
      } catch (error) {
        await rm(received.file, { force: true });
        throw error;
      }
      return { key, size: received.size, mime: received.mime };
    },

    async read(key): Promise<Readable | null> {
      const file = fileFor(key);
      // Opening first turns a missing file into null instead of a stream that errors later.
      const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
        throw error;
      });
      if (!handle) return null;
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream();
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async exists(key) {
      const file = fileFor(key);
      return stat(file).then(
        (info) => info.isFile(),
        () => false,
      );
    },
  };
}

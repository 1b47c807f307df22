import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Files anyone may fetch: served by the app at /media. */
export function publicUploadsDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads/public");
}

/** Files only their owner and admins may read (KYC): never under a public URL. */
export function privateUploadsDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads/private");
}

/**
 * Writes through a temporary file and a rename, so a reader (or a second process writing
 * the same file at the same moment) never sees half a file.
 */
export function writeFileAtomically(file: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

export function fileSizeIfExists(file: string): number | null {
  return existsSync(file) ? statSync(file).size : null;
}

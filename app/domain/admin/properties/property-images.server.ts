import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { DomainError } from "~/domain/errors";
import { IMAGE_WIDTHS } from "~/lib/property-image";
import { paths } from "~/lib/paths";
import type { Prisma, Tx } from "~/services/db.server";
import type { PrivateStorage } from "~/services/storage/private-storage.server";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
// A small file can still decode to an enormous bitmap; refuse anything over 40 megapixels.
const MAX_PIXELS = 40_000_000;

/** An uploaded file as the web layer read it: `tooLarge` when it passed the limit while streaming. */
export type IncomingImage = { name: string; bytes: Buffer; tooLarge?: boolean };

export type StoredImage = { originalName: string; variants: Record<string, string> };

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]/gu, "").slice(0, 100) || "image";

/** The spec's checks, on create and edit alike: an image type by content, 5 MB at most. */
export async function checkImages(images: IncomingImage[]): Promise<void> {
  if (images.length > MAX_IMAGES_PER_UPLOAD) {
    throw new DomainError("too_many_images", `Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`, 400, "images");
  }
  for (const image of images) {
    const name = safeName(image.name);
    if (image.tooLarge || image.bytes.length > MAX_IMAGE_BYTES) {
      throw new DomainError("file_too_large", `File Too Large - ${name} is larger than 5MB`, 413, "images");
    }
    const type = await fileTypeFromBuffer(image.bytes);
    if (!type || !IMAGE_TYPES.includes(type.mime)) {
      throw new DomainError("invalid_file_type", `Invalid File Type - ${name} is not an image file`, 415, "images");
    }
  }
}

/**
 * Resizes each image to the web widths (WebP, EXIF orientation applied, metadata dropped)
 * and stores every variant. If anything fails, the files stored so far are removed.
 */
export async function storeImages(storage: PrivateStorage, propertyId: string, images: IncomingImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      const variants: Record<string, string> = {};
      const source = sharp(image.bytes, { limitInputPixels: MAX_PIXELS }).rotate();
      for (const width of IMAGE_WIDTHS) {
        const bytes = await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
        const file = await storage.put([bytes], {
          maxBytes: MAX_IMAGE_BYTES * 2,
          allowedTypes: ["image/webp"],
          prefix: `property-images/${propertyId}`,
        });
        variants[String(width)] = file.key;
      }
      stored.push({ originalName: safeName(image.name), variants });
    }
    return stored;
  } catch (error) {
    await deleteStoredFiles(
      storage,
      stored.flatMap((s) => Object.values(s.variants)),
    );
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      "image_unreadable",
      `Invalid File Type - ${safeName(images[stored.length]?.name ?? "")} is not an image file`,
      415,
      "images",
    );
  }
}

/** Removes files; reports whether every one went (a storage failure must not undo a committed change). */
export async function deleteStoredFiles(storage: PrivateStorage, keys: string[]): Promise<boolean> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return results.every((result) => result.status === "fulfilled");
}

/** Inserts the image rows and returns their URLs, in upload order. */
export async function insertImageRows(tx: Tx, propertyId: string, images: StoredImage[]): Promise<string[]> {
  const urls: string[] = [];
  for (const image of images) {
    const row = await tx.propertyImage.create({
      data: { propertyId, originalName: image.originalName, variants: image.variants as Prisma.InputJsonObject },
      select: { id: true },
    });
    urls.push(paths.propertyImage(row.id));
  }
  return urls;
}

/** The storage keys behind image URLs the app uploaded (other URLs have none). */
export async function storageKeysOf(tx: Tx, propertyId: string, urls: string[]): Promise<{ ids: string[]; keys: string[] }> {
  const ids = urls.map((url) => /^\/property-images\/([0-9a-f-]{36})$/i.exec(url)?.[1]).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return { ids: [], keys: [] };
  const rows = await tx.propertyImage.findMany({ where: { id: { in: ids }, propertyId }, select: { id: true, variants: true } });
  return { ids: rows.map((r) => r.id), keys: rows.flatMap((r) => Object.values(r.variants as Record<string, string>)) };
}

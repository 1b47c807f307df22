import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DEMO_PHOTO_WIDTHS } from "~/lib/property-image";
import { publicUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import { PHOTOS_DIR } from "./photos-dir";
import { imageFileName, PROPERTIES, variantFileName } from "./properties";
import { renderPropertyPhoto, resizePropertyPhoto } from "./render-photo";

/** Renders an SVG to a small WebP (effort 0: encoding dominates, and these are flat drawings). */
export async function renderWebp(svg: string, quality = 72): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();
}

/**
 * Puts the property photographs the catalogue points at in place, with their resized copies
 * for srcset (480/720/960 px), skipping files already on disk. They are committed under
 * prisma/seed/photos (scripts/generate-property-photos.ts), so a first start only copies
 * them; one missing there is rendered (or resized) on the spot instead. Returns how many it
 * had to render or resize.
 */
export async function writePropertyImages(dataDir: string): Promise<number> {
  const directory = path.join(publicUploadsDir(dataDir), "properties");
  let rendered = 0;
  for (const property of PROPERTIES) {
    for (let index = 0; index < property.imageCount; index++) {
      const name = imageFileName(property.id, index);
      const variants = DEMO_PHOTO_WIDTHS.map((width) => ({ width, name: variantFileName(property.id, index, width) }));
      const missing = [name, ...variants.map((variant) => variant.name)].filter((file) => !existsSync(path.join(directory, file)));
      if (missing.length === 0) continue;
      let photo: Buffer | null = null;
      const original = async () => {
        if (photo) return photo;
        const committed = path.join(PHOTOS_DIR, name);
        if (existsSync(committed)) photo = readFileSync(committed);
        else {
          photo = await renderPropertyPhoto(property.id, property.type, index);
          rendered++;
        }
        return photo;
      };
      if (missing.includes(name)) writeFileAtomically(path.join(directory, name), await original());
      for (const variant of variants) {
        if (!missing.includes(variant.name)) continue;
        const committed = path.join(PHOTOS_DIR, variant.name);
        if (existsSync(committed)) {
          writeFileAtomically(path.join(directory, variant.name), readFileSync(committed));
          continue;
        }
        writeFileAtomically(path.join(directory, variant.name), await resizePropertyPhoto(await original(), variant.width));
        rendered++;
      }
    }
  }
  return rendered;
}

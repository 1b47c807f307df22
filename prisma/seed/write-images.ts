import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { publicUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import { PHOTOS_DIR } from "./photos-dir";
import { imageFileName, PROPERTIES } from "./properties";
import { renderPropertyPhoto } from "./render-photo";

/** Renders an SVG to a small WebP (effort 0: encoding dominates, and these are flat drawings). */
export async function renderWebp(svg: string, quality = 72): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();
}

/**
 * Puts the property photographs the catalogue points at in place, skipping files already on
 * disk. They are committed under prisma/seed/photos (scripts/generate-property-photos.ts),
 * so a first start only copies them; one missing there is rendered on the spot instead.
 * Returns how many it had to render.
 */
export async function writePropertyImages(dataDir: string): Promise<number> {
  const directory = path.join(publicUploadsDir(dataDir), "properties");
  const missing = PROPERTIES.flatMap((property) =>
    Array.from({ length: property.imageCount }, (_, index) => ({
      property,
      index,
      name: imageFileName(property.id, index),
    })),
  ).filter(({ name }) => !existsSync(path.join(directory, name)));
  let rendered = 0;
  for (const { property, index, name } of missing) {
    const committed = path.join(PHOTOS_DIR, name);
    const target = path.join(directory, name);
    if (existsSync(committed)) {
      writeFileAtomically(target, readFileSync(committed));
      continue;
    }
    writeFileAtomically(target, await renderPropertyPhoto(property.id, property.type, index));
    rendered++;
  }
  return rendered;
}

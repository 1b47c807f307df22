import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { publicUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import { propertySvg } from "./artwork";
import { imageFileName, PROPERTIES } from "./properties";

/** Renders an SVG to a small WebP (effort 0: encoding dominates, and these are flat illustrations). */
export async function renderWebp(svg: string, quality = 72): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();
}

/**
 * Writes the property images the catalogue points at, skipping files already on disk, so
 * only the very first start pays for rendering. Returns how many it rendered.
 */
export async function writePropertyImages(dataDir: string): Promise<number> {
  const directory = path.join(publicUploadsDir(dataDir), "properties");
  const missing = PROPERTIES.flatMap((property) =>
    Array.from({ length: property.imageCount }, (_, index) => ({
      property,
      index,
      file: path.join(directory, imageFileName(property.id, index)),
    })),
  ).filter(({ file }) => !existsSync(file));
  // Two lanes rather than all at once: rendering gets about a core, leaving the rest of a
  // two-core machine to PostgreSQL and the seeding transaction that runs meanwhile.
  const queue = [...missing];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      writeFileAtomically(next.file, await renderWebp(propertySvg(next.property.id, next.property.type, next.index)));
    }
  };
  await Promise.all([lane(), lane()]);
  return missing.length;
}

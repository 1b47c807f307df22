// Renders the demo properties' photographs into prisma/seed/photos with sharp, each with its
// resized copies for srcset (DEMO_PHOTO_WIDTHS in app/lib/property-image.ts). The WebP files
// are committed, so seeding only copies them; rerun this after changing the scenes
// (prisma/seed/photo-scenes.ts) or adding a demo property:
//   npx tsx scripts/generate-property-photos.ts            (only missing files)
//   npx tsx scripts/generate-property-photos.ts --all      (every file)
// A changed picture must get a new file name: public media is cached for 180 days (ADR 0018).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_PHOTO_WIDTHS } from "../app/lib/property-image";
import { PHOTOS_DIR } from "../prisma/seed/photos-dir";
import { imageFileName, PROPERTIES, variantFileName } from "../prisma/seed/properties";
import { renderPropertyPhoto, resizePropertyPhoto } from "../prisma/seed/render-photo";

const all = process.argv.includes("--all");
mkdirSync(PHOTOS_DIR, { recursive: true });
let written = 0;
for (const property of PROPERTIES) {
  for (let index = 0; index < property.imageCount; index++) {
    const file = path.join(PHOTOS_DIR, imageFileName(property.id, index));
    const fresh = all || !existsSync(file);
    if (fresh) {
      writeFileSync(file, await renderPropertyPhoto(property.id, property.type, index));
      written++;
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
    for (const width of DEMO_PHOTO_WIDTHS) {
      const variant = path.join(PHOTOS_DIR, variantFileName(property.id, index, width));
      if (!fresh && existsSync(variant)) continue;
      writeFileSync(variant, await resizePropertyPhoto(readFileSync(file), width));
      written++;
      console.log(`wrote ${path.relative(process.cwd(), variant)}`);
    }
  }
}
console.log(`${written} files written`);

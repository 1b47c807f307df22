// Renders the demo properties' photographs into prisma/seed/photos with sharp. The WebP files
// are committed, so seeding only copies them; rerun this after changing the scenes
// (prisma/seed/photo-scenes.ts) or adding a demo property:
//   npx tsx scripts/generate-property-photos.ts            (only missing files)
//   npx tsx scripts/generate-property-photos.ts --all      (every file)
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PHOTOS_DIR } from "../prisma/seed/photos-dir";
import { imageFileName, PROPERTIES } from "../prisma/seed/properties";
import { renderPropertyPhoto } from "../prisma/seed/render-photo";

const all = process.argv.includes("--all");
mkdirSync(PHOTOS_DIR, { recursive: true });
let written = 0;
for (const property of PROPERTIES) {
  for (let index = 0; index < property.imageCount; index++) {
    const file = path.join(PHOTOS_DIR, imageFileName(property.id, index));
    if (!all && existsSync(file)) continue;
    writeFileSync(file, await renderPropertyPhoto(property.id, property.type, index));
    written++;
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
console.log(`${written} photographs rendered`);

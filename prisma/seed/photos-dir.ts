import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the committed demo photographs live (scripts/generate-property-photos.ts writes them). */
export const PHOTOS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "photos");

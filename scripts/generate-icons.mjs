// Renders the app icons in public/icons from the brand mark (public/favicon.svg) with sharp.
// The PNGs are committed, so a build never depends on this; rerun it after changing the mark:
//   node scripts/generate-icons.mjs
import { mkdirSync, readFileSync } from "node:fs";
import sharp from "sharp";

const BRAND = "#a4510b";
const OUT = "public/icons";
const mark = readFileSync("public/favicon.svg", "utf8");

// The house without its rounded tile, for icons that the platform masks or that need a full-bleed square.
const house = `
  <path d="M7 15.5 16 8l9 7.5V24a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>
  <rect x="12.5" y="16.5" width="7" height="5" rx="1" fill="#f9e7cc"/>`;

/** A full-bleed square with the house scaled into the middle `safe` fraction (maskable icons keep 80 %). */
function squareIcon(safe) {
  const inset = (32 * (1 - safe)) / 2;
  const scale = safe;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BRAND}"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">${house}</g>
</svg>`;
}

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${OUT}/${file}`);
  console.log(`${OUT}/${file}`);
}

mkdirSync(OUT, { recursive: true });
// "any" icons: the rounded tile as in the favicon (Android launchers, desktop installs, shortcuts).
for (const size of [48, 72, 96, 144, 192, 256, 384, 512]) await render(mark, size, `icon-${size}.png`);
// Maskable: full bleed, house inside the 80 % safe zone.
for (const size of [192, 512]) await render(squareIcon(0.7), size, `maskable-${size}.png`);
// iOS rounds the corners itself and shows transparency as black, so the touch icon is a full square.
await render(squareIcon(0.8), 180, "apple-touch-icon.png");

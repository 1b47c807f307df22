/** The widths every uploaded property image is stored at. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/**
 * The demo catalogue's photographs (prisma/seed/photos, ADR 0023) are 1200 px wide; next to
 * each the seed puts sharp-resized copies at these widths, named by `demoPhotoVariant`.
 * 720 is what a card fills on a typical phone (about 380 CSS px at a device pixel ratio of 1.75–2).
 */
export const DEMO_PHOTO_WIDTHS = [480, 720, 960] as const;
export const DEMO_PHOTO_WIDTH = 1200;

const UPLOADED = /^\/property-images\/[0-9a-f-]{36}$/i;
const DEMO = /^(\/media\/properties\/[a-z0-9-]+)\.webp$/;

/** `/media/properties/x-1.webp` at 480 px → `/media/properties/x-1-480w.webp` (a file name, never changed in place). */
export function demoPhotoVariant(url: string, width: number): string {
  const match = DEMO.exec(url);
  if (!match) throw new Error(`not a demo photo: ${url}`);
  return `${match[1]}-${width}w.webp`;
}

/** A srcset for an image we have resized copies of; undefined for any other URL (external images). */
export function propertyImageSrcSet(url: string): string | undefined {
  if (UPLOADED.test(url)) return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", ");
  if (DEMO.test(url)) {
    return [...DEMO_PHOTO_WIDTHS.map((width) => `${demoPhotoVariant(url, width)} ${width}w`), `${url} ${DEMO_PHOTO_WIDTH}w`].join(", ");
  }
  return undefined;
}

/** The src to use (for browsers without srcset): a middle width for our own images, the URL itself otherwise. */
export function propertyImageSrc(url: string): string {
  if (UPLOADED.test(url)) return `${url}?w=960`;
  if (DEMO.test(url)) return demoPhotoVariant(url, 960);
  return url;
}

/**
 * `sizes` for a card in the catalogue's and watchlist's grid (one column below 640 px, two
 * to 1024 px, three above, inside max-w-7xl with px-4/6/8 and gap-6), so a phone picks the
 * smallest copy that still fills the card.
 */
export const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)";

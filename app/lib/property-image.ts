/** The widths every uploaded property image is stored at. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOADED = /^\/property-images\/[0-9a-f-]{36}$/i;

/** A srcset for an image the app resized itself; undefined for any other URL (seeded or external images). */
export function propertyImageSrcSet(url: string): string | undefined {
  if (!UPLOADED.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", ");
}

/** The src to use: the middle width for our own images, the URL itself otherwise. */
export function propertyImageSrc(url: string): string {
  return UPLOADED.test(url) ? `${url}?w=960` : url;
}

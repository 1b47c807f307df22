export const GALLERY_THUMBNAILS = 5;

/** The gallery strip: up to five thumbnails, then how many more photos there are (0 when none). */
export function galleryStrip(imageCount: number): { thumbnails: number; more: number } {
  const thumbnails = Math.min(Math.max(0, imageCount), GALLERY_THUMBNAILS);
  return { thumbnails, more: Math.max(0, imageCount - thumbnails) };
}

/** The open photo from ?photo=N (1-based in the URL), or null when the viewer is closed or N is out of range. */
export function openPhotoIndex(param: string | null, imageCount: number): number | null {
  if (param === null || !/^\d{1,4}$/.test(param)) return null;
  const index = Number(param) - 1;
  return index >= 0 && index < imageCount ? index : null;
}

/** The neighbouring photo, wrapping around at both ends. */
export function stepPhoto(index: number, step: 1 | -1, imageCount: number): number {
  return (index + step + imageCount) % imageCount;
}

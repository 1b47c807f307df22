import { isPubliclyVisible } from "~/domain/properties/property-display";
import { IMAGE_WIDTHS } from "~/lib/property-image";
import type { Db } from "~/services/db.server";

/** The storage key of an uploaded image at the width asked for (the nearest stored width up), or null when the viewer may not see it. */
export async function findImageVariant(
  db: Db,
  imageId: string,
  width: number,
  viewer: { isAdmin: boolean } | null,
): Promise<string | null> {
  const image = await db.propertyImage.findUnique({
    where: { id: imageId },
    select: { variants: true, property: { select: { propertyStatus: true } } },
  });
  if (!image) return null;
  if (!viewer?.isAdmin && !isPubliclyVisible(image.property.propertyStatus)) return null;
  const variants = image.variants as Record<string, string>;
  const chosen = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return variants[String(chosen)] ?? null;
}

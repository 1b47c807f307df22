import sharp from "sharp";
import type { PropertyType } from "~/generated/prisma/enums";
import { PHOTO_HEIGHT, PHOTO_WIDTH, propertyPhotoSvg } from "./photo-scenes";

/**
 * Rasterises a scene the way a camera would leave it: rendered at a higher density and
 * scaled down (smooth edges), a touch of lens softness, film grain blended in, and a WebP
 * encoding at photo quality.
 */
export async function renderPropertyPhoto(propertyId: string, type: PropertyType, index: number): Promise<Buffer> {
  const svg = Buffer.from(propertyPhotoSvg(propertyId, type, index));
  const sharpScene = await sharp(svg, { density: 96 * 1.5 })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT)
    .blur(0.6)
    .removeAlpha()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 22 },
    },
  })
    .png()
    .toBuffer();
  return sharp(sharpScene)
    .composite([{ input: grain, blend: "soft-light" }])
    .modulate({ saturation: 0.92 })
    .sharpen({ sigma: 0.6 })
    .webp({ quality: 68, effort: 5 })
    .toBuffer();
}

/** A photograph at a smaller width for srcset (app/lib/property-image.ts names the files). */
export async function resizePropertyPhoto(photo: Buffer, width: number): Promise<Buffer> {
  return sharp(photo).resize({ width }).webp({ quality: 68, effort: 5 }).toBuffer();
}

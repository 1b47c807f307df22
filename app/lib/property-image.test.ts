import { describe, expect, it } from "vitest";
import { propertyImageSrc, propertyImageSrcSet } from "./property-image";

describe("property image sources", () => {
  const uploaded = "/property-images/3f0c1d2e-4b5a-4c6d-8e9f-0a1b2c3d4e5f";

  it("offers every stored width of an uploaded image", () => {
    expect(propertyImageSrcSet(uploaded)).toBe(`${uploaded}?w=480 480w, ${uploaded}?w=960 960w, ${uploaded}?w=1600 1600w`);
    expect(propertyImageSrc(uploaded)).toBe(`${uploaded}?w=960`);
  });

  it("leaves seeded and outside images as they are", () => {
    expect(propertyImageSrcSet("/media/properties/dummy-1-0.webp")).toBeUndefined();
    expect(propertyImageSrc("/media/properties/dummy-1-0.webp")).toBe("/media/properties/dummy-1-0.webp");
  });
});

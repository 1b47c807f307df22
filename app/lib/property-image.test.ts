import { describe, expect, it } from "vitest";
import { demoPhotoVariant, propertyImageSrc, propertyImageSrcSet } from "./property-image";

describe("property image sources", () => {
  const uploaded = "/property-images/3f0c1d2e-4b5a-4c6d-8e9f-0a1b2c3d4e5f";
  const demo = "/media/properties/dummy-1-1.webp";

  it("offers every stored width of an uploaded image", () => {
    expect(propertyImageSrcSet(uploaded)).toBe(`${uploaded}?w=480 480w, ${uploaded}?w=960 960w, ${uploaded}?w=1600 1600w`);
    expect(propertyImageSrc(uploaded)).toBe(`${uploaded}?w=960`);
  });

  it("offers the resized copies of a demo photograph, and the 1200 px original last", () => {
    expect(propertyImageSrcSet(demo)).toBe(
      "/media/properties/dummy-1-1-480w.webp 480w, /media/properties/dummy-1-1-720w.webp 720w, " +
        "/media/properties/dummy-1-1-960w.webp 960w, /media/properties/dummy-1-1.webp 1200w",
    );
    expect(propertyImageSrc(demo)).toBe("/media/properties/dummy-1-1-960w.webp");
    expect(demoPhotoVariant(demo, 480)).toBe("/media/properties/dummy-1-1-480w.webp");
  });

  it("leaves outside images as they are", () => {
    expect(propertyImageSrcSet("https://example.com/a.webp")).toBeUndefined();
    expect(propertyImageSrc("https://example.com/a.webp")).toBe("https://example.com/a.webp");
    expect(propertyImageSrcSet("/media/properties/Other.png")).toBeUndefined();
  });
});

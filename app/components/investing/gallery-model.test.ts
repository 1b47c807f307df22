import { describe, expect, it } from "vitest";
import { galleryStrip, openPhotoIndex, stepPhoto } from "./gallery-model";

describe("galleryStrip", () => {
  it("shows up to five thumbnails and counts the rest", () => {
    expect(galleryStrip(0)).toEqual({ thumbnails: 0, more: 0 });
    expect(galleryStrip(3)).toEqual({ thumbnails: 3, more: 0 });
    expect(galleryStrip(5)).toEqual({ thumbnails: 5, more: 0 });
    expect(galleryStrip(7)).toEqual({ thumbnails: 5, more: 2 });
  });
});

describe("openPhotoIndex", () => {
  it("reads a 1-based photo number within range", () => {
    expect(openPhotoIndex("1", 7)).toBe(0);
    expect(openPhotoIndex("7", 7)).toBe(6);
  });

  it("treats anything else as a closed viewer", () => {
    for (const bad of [null, "", "0", "8", "-1", "1.5", "abc", "99999"]) expect(openPhotoIndex(bad, 7)).toBeNull();
  });
});

describe("stepPhoto", () => {
  it("wraps around both ends", () => {
    expect(stepPhoto(0, -1, 7)).toBe(6);
    expect(stepPhoto(6, 1, 7)).toBe(0);
    expect(stepPhoto(2, 1, 7)).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { positionPath, sidebarPropertyLabel } from "./sidebar-model";

describe("sidebarPropertyLabel", () => {
  it("keeps titles of up to 20 characters whole", () => {
    expect(sidebarPropertyLabel("Whitefield Tech")).toBe("Whitefield Tech");
    expect(sidebarPropertyLabel("12345678901234567890")).toBe("12345678901234567890");
  });

  it("cuts longer titles to 20 characters and adds an ellipsis", () => {
    expect(sidebarPropertyLabel("Skyline Residency, Bandra West")).toBe("Skyline Residency, B…");
    expect(sidebarPropertyLabel("123456789012345678901")).toBe("12345678901234567890…");
  });

  it("names a missing or blank title 'Unknown Property'", () => {
    for (const missing of [null, undefined, "", "   "]) expect(sidebarPropertyLabel(missing)).toBe("Unknown Property");
  });

  it("never splits a character made of two code units", () => {
    const label = sidebarPropertyLabel("🏠".repeat(25));
    expect(Array.from(label)).toHaveLength(21);
    expect(label.endsWith("…")).toBe(true);
  });
});

describe("positionPath", () => {
  it("points at the position page and escapes odd ids", () => {
    expect(positionPath("dummy-1")).toBe("/dashboard/p/dummy-1");
    expect(positionPath("a/b")).toBe("/dashboard/p/a%2Fb");
  });
});

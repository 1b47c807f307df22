import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts the 8-4-4-4-12 hex form in either case", () => {
    expect(isUuid("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(true);
    expect(isUuid("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of [
      "",
      "not-a-uuid",
      "prop-1",
      "3f2504e0-4f89-41d3-9a0c-0305e82c330",
      "------------------------------------",
      " 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { formatPercent, propertyTypeLabel } from "./property-format";

describe("property formatting", () => {
  it("capitalises a stored type", () => {
    expect(propertyTypeLabel("apartment")).toBe("Apartment");
    expect(propertyTypeLabel("")).toBe("");
  });

  it("shows returns without trailing zeros and a dash when missing", () => {
    expect(formatPercent("12.50")).toBe("12.5%");
    expect(formatPercent("9.00")).toBe("9%");
    expect(formatPercent(null)).toBe("–");
    expect(formatPercent("n/a")).toBe("–");
  });
});

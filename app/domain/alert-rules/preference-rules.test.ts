import { describe, expect, it } from "vitest";
import { parseMovePercent } from "./preference-rules";

describe("the NAV-move threshold", () => {
  it.each([
    ["5", "5"],
    ["2.5", "2.5"],
    [" 7.25% ", "7.25"],
    ["90", "90"],
    ["0.5", "0.5"],
  ])("reads %j", (raw, value) => {
    const parsed = parseMovePercent(raw);
    expect(parsed.ok && parsed.value.toString()).toBe(value);
  });

  it.each(["", "0", "0.49", "90.01", "100", "-5", "5.555", "1e1", "five", "NaN"])("refuses %j", (raw) => {
    expect(parseMovePercent(raw).ok).toBe(false);
  });
});

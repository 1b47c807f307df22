import { describe, expect, it } from "vitest";
import { splitMoney, splitShares } from "./split";

describe("transmission splits", () => {
  it("60/40 of 10 shares is 6 and 4; of 7 shares the larger remainder takes the odd share", () => {
    expect([
      ...splitShares(10, [
        { userId: "a", percent: "60" },
        { userId: "b", percent: "40" },
      ]),
    ]).toEqual([
      ["a", 6],
      ["b", 4],
    ]);
    // 4.2 and 2.8: b has the larger remainder.
    expect([
      ...splitShares(7, [
        { userId: "a", percent: "60" },
        { userId: "b", percent: "40" },
      ]),
    ]).toEqual([
      ["a", 4],
      ["b", 3],
    ]);
  });
  it("a three-way even split gives the leftover to the first listed", () => {
    const parts = splitShares(10, [
      { userId: "a", percent: "33.34" },
      { userId: "b", percent: "33.33" },
      { userId: "c", percent: "33.33" },
    ]);
    expect([...parts.values()]).toEqual([4, 3, 3]);
  });
  it("money splits to the paisa and sums exactly", () => {
    const parts = splitMoney("100.01", [
      { userId: "a", percent: "60" },
      { userId: "b", percent: "40" },
    ]);
    expect(parts.get("a")!.toFixed(2)).toBe("60.01");
    expect(parts.get("b")!.toFixed(2)).toBe("40.00");
    const three = splitMoney("0.10", [
      { userId: "a", percent: "33.34" },
      { userId: "b", percent: "33.33" },
      { userId: "c", percent: "33.33" },
    ]);
    expect([...three.values()].reduce((s, v) => s + v.toNumber() * 100, 0)).toBe(10);
  });
});

import { describe, expect, it } from "vitest";
import { entitledTo, holdingWindows, holdsNow } from "./holding-windows";

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("holding windows", () => {
  it("opens a window when the first share arrives and closes it when the last one goes", () => {
    const windows = holdingWindows([
      { at: day(1), shares: 10 },
      { at: day(5), shares: -4 },
      { at: day(10), shares: -6 },
      { at: day(20), shares: 2 },
    ]);
    expect(windows).toEqual([
      { from: day(1), to: day(10) },
      { from: day(20), to: null },
    ]);
    expect(holdsNow(windows)).toBe(true);
  });

  it("takes movements of one instant together", () => {
    expect(
      holdingWindows([
        { at: day(1), shares: 5 },
        { at: day(3), shares: -5 },
        { at: day(3), shares: 5 },
      ]),
    ).toEqual([{ from: day(1), to: null }]);
  });
});

describe("who is entitled to a holder-only item", () => {
  const past = holdingWindows([
    { at: day(10), shares: 3 },
    { at: day(20), shares: -3 },
  ]);

  it("a past holder: only what was published while they held", () => {
    expect(holdsNow(past)).toBe(false);
    expect(entitledTo(past, day(9))).toBe(false);
    expect(entitledTo(past, day(10))).toBe(true);
    expect(entitledTo(past, day(19))).toBe(true);
    expect(entitledTo(past, day(20))).toBe(false);
    expect(entitledTo(past, day(25))).toBe(false);
  });

  it("a current holder: everything, whenever it was published", () => {
    const current = holdingWindows([{ at: day(10), shares: 1 }]);
    expect(entitledTo(current, day(1))).toBe(true);
    expect(entitledTo(current, day(30))).toBe(true);
  });

  it("someone who never held: nothing", () => {
    expect(entitledTo([], day(1))).toBe(false);
  });
});

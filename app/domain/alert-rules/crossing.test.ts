import { describe, expect, it } from "vitest";
import { decideCrossing, movePercent, type Observation, type RuleState } from "./crossing";

/** Runs observations through the rule as repeated job runs would, answering which runs fired. */
function run(observations: Observation[]): boolean[] {
  let state: RuleState | null = null;
  return observations.map((observation) => {
    const { fire, next } = decideCrossing(state, observation);
    state = next;
    return fire;
  });
}

describe("level rules fire once per crossing", () => {
  it("fires when the condition starts to hold, not while it keeps holding, and again after it re-arms", () => {
    const met = (m: boolean): Observation => ({ kind: "level", met: m });
    expect(run([met(false), met(true), met(true), met(true), met(false), met(true)])).toEqual([false, true, false, false, false, true]);
  });

  it("fires once for a condition already true when first seen", () => {
    expect(
      run([
        { kind: "level", met: true },
        { kind: "level", met: true },
      ]),
    ).toEqual([true, false]);
  });
});

describe("change rules fire once per change", () => {
  it("records the first value, then fires for each new one only once", () => {
    const value = (v: string | null): Observation => ({ kind: "change", value: v });
    expect(run([value("performing"), value("performing"), value("watch"), value("watch"), value("performing")])).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
  });

  it("fires for the first label of a property that had none", () => {
    expect(
      run([
        { kind: "change", value: null },
        { kind: "change", value: "vacant" },
      ]),
    ).toEqual([false, true]);
  });
});

describe("the NAV move rule", () => {
  const nav = (v: string): Observation => ({ kind: "move", value: v, percent: "5" });

  it("fires on a move of more than X% from the last NAV heard of, once, then measures from there", () => {
    expect(run([nav("100"), nav("104"), nav("105"), nav("105.01"), nav("105.01"), nav("110"), nav("99.5")])).toEqual([
      false, // the first NAV is the reference
      false, // 4%
      false, // exactly 5% is not more than 5%
      true, // 5.01%: fires, and 105.01 becomes the reference
      false, // the same NAV again
      false, // 4.75% from 105.01
      true, // -5.25% from 105.01
    ]);
  });

  it("never fires without a NAV (the reference stays unset)", () => {
    expect(decideCrossing(null, nav("100"))).toEqual({ fire: false, next: { met: false, reference: "100" } });
  });

  it("words the move with its sign", () => {
    expect(movePercent("100", "94.5")).toBe("-5.50");
    expect(movePercent("80", "100")).toBe("25.00");
  });
});

import { describe, expect, it } from "vitest";
import { nameMatchScore } from "./name-match";

describe("nameMatchScore", () => {
  it("is 100 for the same words in any case, order or with a title", () => {
    expect(nameMatchScore("Asha Rao", "ASHA RAO")).toBe(100);
    expect(nameMatchScore("Asha Rao", "RAO ASHA")).toBe(100);
    expect(nameMatchScore("Asha Rao", "Mrs. Asha Rao")).toBe(100);
  });

  it("counts an initial as half a word", () => {
    expect(nameMatchScore("Asha Devi Rao", "A D RAO")).toBe(67);
    expect(nameMatchScore("Asha Rao", "A RAO")).toBe(75);
  });

  it("is low for another holder and 0 for nothing in common or no name", () => {
    expect(nameMatchScore("Asha Rao", "R K TRADING COMPANY")).toBe(17);
    expect(nameMatchScore("Asha Rao", "MEHTA TRADING COMPANY")).toBe(0);
    expect(nameMatchScore("Asha Rao", "ASHA MEHTA")).toBe(50);
    expect(nameMatchScore("", "ASHA RAO")).toBe(0);
  });
});

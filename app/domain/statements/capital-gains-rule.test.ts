import { describe, expect, it } from "vitest";
import { sectionsInForce } from "~/domain/tds/tax-pack.server";
import { capitalGainsCsv } from "./statement-documents.server";
import { buildStatement, capitalGainsRule } from "./statement-figures";

const yearOf = (startYear: number) =>
  buildStatement({
    startYear,
    investor: { name: "Asha Rao", email: "asha@example.in" },
    openingBalance: "0.00",
    movements: [],
    trades: [],
    distributions: [],
    now: new Date(Date.UTC(2027, 5, 1)),
  });

describe("the capital-gains rule a year's documents state", () => {
  it("cites the 1961 Act up to FY 2025-26 and the Income-tax Act, 2025 from FY 2026-27, with the same 24 months", () => {
    for (const year of [2024, 2025]) {
      expect(capitalGainsRule(year)).toMatch(/^Short or long term under section 2\(42A\) of the Income-tax Act, 1961/);
      expect(capitalGainsRule(year)).not.toContain("Income-tax Act, 2025");
    }
    for (const year of [2026, 2027]) expect(capitalGainsRule(year)).toMatch(/^Short or long term under the Income-tax Act, 2025/);
    for (const year of [2025, 2026]) expect(capitalGainsRule(year)).toContain("long-term capital asset when held for more than 24 months");
  });

  it("is the one the statement, its CSV and the tax pack print for that year", () => {
    for (const year of [2025, 2026]) {
      const figures = yearOf(year);
      expect(figures.capitalGainsRule).toBe(capitalGainsRule(year));
      expect(capitalGainsCsv(figures)).toContain(capitalGainsRule(year));
      expect(sectionsInForce(year).holdingPeriod).toBe(capitalGainsRule(year));
    }
    expect(capitalGainsCsv(yearOf(2026))).not.toContain("Income-tax Act, 1961,");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCatalogueFilters, catalogueFiltersToSearchParams } from "./catalogue-filters";
import { fundingProgressPercent, fundingProgressTone } from "./funding-progress";
import { propertyCategory, propertyStatusLabel, propertyTypesIn } from "./property-display";

describe("funding progress", () => {
  it("is 100 when funded, otherwise raised / total value rounded and capped at 100", () => {
    expect(fundingProgressPercent({ status: "funded", raised: "0", totalValue: "1000" })).toBe(100);
    expect(fundingProgressPercent({ status: "open", raised: "245", totalValue: "1000" })).toBe(25);
    expect(fundingProgressPercent({ status: "open", raised: "125", totalValue: "1000" })).toBe(13); // 12.5 rounds up
    expect(fundingProgressPercent({ status: "open", raised: "2000", totalValue: "1000" })).toBe(100);
    expect(fundingProgressPercent({ status: "open", raised: "10", totalValue: "0" })).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), (raised, total) => {
        const percent = fundingProgressPercent({ status: "open", raised, totalValue: total });
        expect(percent).toBe(Math.min(100, Math.round((raised / total) * 100)));
      }),
    );
  });

  it("changes colour at 80, 60 and 40 percent", () => {
    expect([0, 39, 40, 59, 60, 79, 80, 100].map(fundingProgressTone)).toEqual([
      "early",
      "early",
      "fair",
      "fair",
      "good",
      "good",
      "strong",
      "strong",
    ]);
  });
});

describe("property display", () => {
  it("shows funded as SOLD OUT", () => {
    expect(["open", "funded", "upcoming", "closed"].map(propertyStatusLabel)).toEqual(["OPEN", "SOLD OUT", "UPCOMING", "CLOSED"]);
  });

  it("classifies types as the spec does", () => {
    expect(["residential", "villa", "apartment"].map(propertyCategory)).toEqual(["residential", "residential", "residential"]);
    expect(["commercial", "office", "retail"].map(propertyCategory)).toEqual(["commercial", "commercial", "commercial"]);
    expect(["mixed", "industrial", "warehouse"].map(propertyCategory)).toEqual(["mixed", "mixed", "mixed"]);
    expect(propertyTypesIn("mixed").sort()).toEqual(["industrial", "mixed"]);
  });
});

describe("catalogue filters from the query string", () => {
  it("keeps valid filters and silently drops invalid ones", () => {
    expect(parseCatalogueFilters(new URLSearchParams("price=41.5l-83l&roi=9-plus&type=commercial&page=3"))).toEqual({
      price: "41.5l-83l",
      roi: "9-plus",
      type: "commercial",
      page: 3,
    });
    expect(parseCatalogueFilters(new URLSearchParams("price=cheap&roi=100&type=castle&page=-4"))).toEqual({ page: 1 });
    expect(parseCatalogueFilters(new URLSearchParams("page=2.5"))).toEqual({ page: 1 });
    expect(parseCatalogueFilters(new URLSearchParams(""))).toEqual({ page: 1 });
  });

  it("never throws, whatever the query string", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("price", "roi", "type", "page", "x"), fc.string()), (record) => {
        const filters = parseCatalogueFilters(new URLSearchParams(record));
        expect(filters.page).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it("round-trips through the query string", () => {
    const filters = { price: "83l-plus", roi: "5-7", type: "residential", page: 4 } as const;
    expect(parseCatalogueFilters(catalogueFiltersToSearchParams(filters))).toEqual(filters);
  });
});

import { describe, expect, it } from "vitest";
import { pageHref, pageItems, type PageItem } from "./pagination-model";

const show = (items: PageItem[]) => items.map((item) => (item.kind === "page" ? String(item.page) : "…")).join(" ");

describe("pageItems", () => {
  it("shows nothing for a single page", () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("lists every page when there are few", () => {
    expect(show(pageItems(1, 2))).toBe("1 2");
    expect(show(pageItems(2, 5))).toBe("1 2 3 4 5");
  });

  it("keeps first and last and puts gaps around the current page's neighbours", () => {
    expect(show(pageItems(1, 8))).toBe("1 2 … 8");
    expect(show(pageItems(5, 10))).toBe("1 … 4 5 6 … 10");
    expect(show(pageItems(10, 10))).toBe("1 … 9 10");
  });

  it("shows a lone skipped page instead of a gap", () => {
    expect(show(pageItems(4, 8))).toBe("1 2 3 4 5 … 8");
  });

  it("clamps a current page outside the range", () => {
    expect(show(pageItems(99, 3))).toBe("1 2 3");
    expect(show(pageItems(-4, 3))).toBe("1 2 3");
  });

  it("gives every gap a distinct key", () => {
    const keys = pageItems(50, 100)
      .filter((i) => i.kind === "gap")
      .map((i) => (i.kind === "gap" ? i.key : ""));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("pageHref", () => {
  it("keeps the filters and sets or drops page", () => {
    const search = new URLSearchParams("type=commercial&page=3");
    expect(pageHref("/properties", search, 2)).toBe("/properties?type=commercial&page=2");
    expect(pageHref("/properties", search, 1)).toBe("/properties?type=commercial");
    expect(pageHref("/properties", new URLSearchParams(), 1)).toBe("/properties");
  });
});

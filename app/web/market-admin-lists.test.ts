import { describe, expect, it } from "vitest";
import { marketListPositions } from "./market-admin-lists";

const ORDER = "2b9f0c1e-6a43-4d6e-9a55-0d6f3c1b7e21";

describe("the share-trading page's list positions", () => {
  it("reads each list's own page and cursor, leaving the others on their first page", () => {
    const lists = marketListPositions(new URLSearchParams({ sellPage: "3", sellAfter: ORDER, after: ORDER, page: "2" }));
    expect(lists.sell).toEqual({ page: 3, direction: { after: ORDER } });
    expect(lists.buy).toEqual({ page: 1, direction: null });
    expect(lists.reservations).toEqual({ page: 1, direction: null });
    expect(marketListPositions(new URLSearchParams({ buyPage: "2", buyBefore: ORDER })).buy).toEqual({
      page: 2,
      direction: { before: ORDER },
    });
  });

  it("shows the first page for a typed page number without a cursor, or a cursor that is not an id", () => {
    expect(marketListPositions(new URLSearchParams({ sellPage: "4000" })).sell).toEqual({ page: 1, direction: null });
    expect(marketListPositions(new URLSearchParams({ sellPage: "2", sellAfter: "1 OR 1=1" })).sell).toEqual({ page: 1, direction: null });
    expect(marketListPositions(new URLSearchParams({ sellPage: "-5", sellAfter: ORDER })).sell).toEqual({ page: 1, direction: null });
  });
});

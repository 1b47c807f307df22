import { readPageDirection, type PageDirection } from "~/domain/admin/list-cursor";

/**
 * The query parameters of /admin/share-trading's three order lists: each has its own page
 * number and keyset cursor, so paging one list keeps the others (and the property table) where
 * they were.
 */
export const MARKET_LIST_PARAMS = {
  sell: { page: "sellPage", after: "sellAfter", before: "sellBefore" },
  buy: { page: "buyPage", after: "buyAfter", before: "buyBefore" },
  reservations: { page: "reservationPage", after: "reservationAfter", before: "reservationBefore" },
} as const;

type ListPosition = { page: number; direction: PageDirection };

/**
 * Each list's page and cursor. Pages are read only through a cursor: a page number without one
 * (typed, or a cursor naming no order) shows the first page, labelled as such, rather than
 * walking over the orders before it.
 */
export function marketListPositions(query: URLSearchParams): Record<keyof typeof MARKET_LIST_PARAMS, ListPosition> {
  const position = (names: (typeof MARKET_LIST_PARAMS)[keyof typeof MARKET_LIST_PARAMS]): ListPosition => {
    const direction = readPageDirection(query, names);
    const typed = Number.parseInt(query.get(names.page) ?? "1", 10);
    const page = direction && Number.isSafeInteger(typed) && typed > 1 ? Math.min(typed, 100_000) : 1;
    return { page, direction: page > 1 ? direction : null };
  };
  return {
    sell: position(MARKET_LIST_PARAMS.sell),
    buy: position(MARKET_LIST_PARAMS.buy),
    reservations: position(MARKET_LIST_PARAMS.reservations),
  };
}

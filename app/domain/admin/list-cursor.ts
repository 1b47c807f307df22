import { isUuid } from "~/lib/uuid";

/**
 * A keyset cursor for the admin lists (issue 37): the id of the first or last row shown. The
 * next or previous page starts from that row's sort key, read in the same statement (so it is
 * exact to the microsecond), through the list's index instead of walking over every row
 * before it. Anything unreadable is ignored (page one).
 */
export type PageDirection = { after: string } | { before: string } | null;

/** The query parameters that carry a list's cursor; a page with several keyset lists names each list's own. */
export type CursorParams = { after: string; before: string };
export const DEFAULT_CURSOR_PARAMS: CursorParams = { after: "after", before: "before" };

export function readPageDirection(query: URLSearchParams, params: CursorParams = DEFAULT_CURSOR_PARAMS): PageDirection {
  const after = query.get(params.after);
  if (after && isUuid(after)) return { after };
  const before = query.get(params.before);
  return before && isUuid(before) ? { before } : null;
}

/** The search text with LIKE's own characters (%, _ and \) escaped, so they are taken literally. */
export function escapeLike(search: string): string {
  return search.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `ILIKE` pattern for "contains". */
export function containsPattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

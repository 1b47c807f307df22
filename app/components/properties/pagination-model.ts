export type PageItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The page numbers a pager shows: always the first and last page, the current page
 * with `around` neighbours on each side, and a gap wherever numbers are skipped. A gap
 * that would hide a single page shows that page instead.
 */
export function pageItems(current: number, pageCount: number, around = 1): PageItem[] {
  if (pageCount <= 1) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const shown = new Set<number>([1, pageCount]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push({ kind: "page", page: n - 1 });
    else if (n - previous > 2) items.push({ kind: "gap", key: `gap-${previous}-${n}` });
    items.push({ kind: "page", page: n });
    previous = n;
  }
  return items;
}

/** The link for a page: the current query with page=N (page 1 drops the parameter). */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

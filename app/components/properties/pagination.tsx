import { RouteLink } from "~/components/ui/route-link";
import { pageHref, pageItems } from "./pagination-model";

const cell = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium";
const link = `${cell} border border-slate-300 bg-white text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;

/** Real page links (the URL keeps the filters), so paging works without JavaScript. */
export function Pagination({
  page,
  pageCount,
  search,
  pathname,
}: {
  page: number;
  pageCount: number;
  search: URLSearchParams;
  pathname: string;
}) {
  const items = pageItems(page, pageCount);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <RouteLink to={pageHref(pathname, search, page - 1)} className={link} rel="prev">
              Previous
            </RouteLink>
          ) : (
            <span className={`${cell} text-slate-400`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {items.map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className={`${cell} text-slate-500`}>
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === page ? (
                <span aria-current="page" className={`${cell} bg-brand-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {item.page}
                </span>
              ) : (
                <RouteLink to={pageHref(pathname, search, item.page)} className={link} aria-label={`Page ${item.page}`}>
                  {item.page}
                </RouteLink>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <RouteLink to={pageHref(pathname, search, page + 1)} className={link} rel="next">
              Next
            </RouteLink>
          ) : (
            <span className={`${cell} text-slate-400`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";

/**
 * Previous / next links that keep the rest of the query; server-side pages, so it works without
 * JavaScript. With `cursors` (a keyset list, issue 37) the links also carry the first or last
 * row's sort key, so the server reads the neighbouring page from its index.
 */
export function Pager({
  search,
  page,
  pageCount,
  label,
  cursors,
  param = "page",
  cursorParams = { after: "after", before: "before" },
}: {
  search: string;
  page: number;
  pageCount: number;
  label: string;
  cursors?: { previous: string | null; next: string | null };
  /** The query parameter that carries the page number, for a page with more than one paged list. */
  param?: string;
  /** The query parameters that carry this list's cursor (each keyset list on a page has its own). */
  cursorParams?: { after: string; before: string };
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(target));
    params.delete(cursorParams.after);
    params.delete(cursorParams.before);
    const cursor = target > page ? cursors?.next : cursors?.previous;
    if (cursor && target > 1) params.set(target > page ? cursorParams.after : cursorParams.before, cursor);
    return `?${params.toString()}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link className={buttonClasses("secondary", "sm")} to={hrefFor(page - 1)}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link className={buttonClasses("secondary", "sm")} to={hrefFor(page + 1)}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function StatCard({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-ink">{value}</p>
    </>
  );
  const classes = "block rounded-xl border border-slate-200 bg-white p-4";
  return to ? (
    <Link to={to} className={`${classes} hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600`}>
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}

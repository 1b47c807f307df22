import { clientErrorCopy, isClientError } from "~/lib/client-errors";
import { findRoute, ROUTE_TABLE } from "~/lib/route-table";

export const BRAND = "Aangan";

/**
 * Each top-level path prefix and the section it names in the browser title, read from
 * the route table so a new route gets its title where it gets its guard.
 */
const SECTIONS: ReadonlyArray<readonly [prefix: string, section: string]> = [
  ...new Map(
    ROUTE_TABLE.filter((entry) => entry.section !== null).map((entry) => [`/${entry.pattern.split("/")[1]}`, entry.section as string]),
  ),
];

/** True when `pathname` is `prefix` itself or lies below it (so /dashboard never matches /dashboards). */
export function isUnderPath(pathname: string, prefix: string): boolean {
  const path = normalise(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function sectionForPath(pathname: string): string | undefined {
  return SECTIONS.find(([prefix]) => isUnderPath(pathname, prefix))?.[1];
}

/**
 * The name of the page at `pathname`, or of the nearest page above it (a transaction's
 * details are part of Transactions), so the title says which page of a section is open.
 */
export function pageNameForPath(pathname: string): string | undefined {
  const segments = normalise(pathname).split("/");
  for (let length = segments.length; length > 1; length -= 1) {
    const entry = findRoute(segments.slice(0, length).join("/"));
    if (entry) return entry.name;
  }
  return undefined;
}

/**
 * The browser title for a path: '{Section} · Aangan', the brand alone on the home page,
 * and '{Page} · {Section} · Aangan' on pages that have a name of their own (ADR 0022).
 * A refused request (a 4xx other than 404) is titled by its status; paths outside every
 * section are the 404 page, unless they failed for another reason.
 */
export function pageTitle(pathname: string, errorStatus?: number): string {
  if (normalise(pathname) === "/" && errorStatus === undefined) return BRAND;
  if (isClientError(errorStatus) && errorStatus !== 404) return `${clientErrorCopy(errorStatus).heading} · ${BRAND}`;
  const section = sectionForPath(pathname);
  if (section) {
    const name = errorStatus === undefined ? pageNameForPath(pathname) : undefined;
    return name ? `${name} · ${section} · ${BRAND}` : `${section} · ${BRAND}`;
  }
  if (errorStatus !== undefined && errorStatus !== 404) return `Something Went Wrong · ${BRAND}`;
  return `Page Not Found · ${BRAND}`;
}

// Route matching ignores case and a trailing slash, so the title does too.
function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.replace(/\/+$/, "") || "/" : lower;
}

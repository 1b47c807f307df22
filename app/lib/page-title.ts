export const BRAND = "Aangan";

/** Path prefixes and the section each one names in the browser title. */
const SECTIONS: ReadonlyArray<readonly [prefix: string, section: string]> = [
  ["/auth", "Sign In"],
  ["/welcome", "Welcome"],
  ["/properties", "Properties"],
  ["/invest", "Invest"],
  ["/dashboard", "Dashboard"],
  ["/waitlist-dashboard", "Waitlist"],
  ["/admin", "Admin"],
  ["/kyc", "KYC"],
  ["/trial-expired", "Trial Expired"],
  ["/trading", "Trading"],
  ["/test-analytics", "Analytics Test"],
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
 * The browser title for a path: '{Section} · Aangan', the brand alone on the home page.
 * Paths outside every section are the 404 page, unless they failed for another reason.
 */
export function pageTitle(pathname: string, errorStatus?: number): string {
  if (normalise(pathname) === "/") return BRAND;
  const section = sectionForPath(pathname);
  if (section) return `${section} · ${BRAND}`;
  if (errorStatus !== undefined && errorStatus !== 404) return `Something Went Wrong · ${BRAND}`;
  return `Page Not Found · ${BRAND}`;
}

// Route matching ignores case and a trailing slash, so the title does too.
function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.replace(/\/+$/, "") || "/" : lower;
}

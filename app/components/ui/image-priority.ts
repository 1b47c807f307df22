/**
 * `fetchpriority="high"` for the image that is the page's largest paint. React 18 does not know
 * the attribute (it warns about `fetchPriority`), but passes a lowercase unknown one through.
 */
export const HIGH_FETCH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

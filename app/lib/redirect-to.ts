const PLACEHOLDER_ORIGIN = "http://same-origin.invalid";

/**
 * Returns a same-origin path to send the visitor to after sign-in, or the fallback.
 * Anything that could leave the site (absolute URLs, protocol-relative "//host",
 * backslash tricks browsers normalise to "//") or loop back into sign-in is refused.
 */
export function safeRedirectTo(value: unknown, fallback = "/welcome"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn "/\t/evil" into "//evil".
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /auth address that brings the visitor back to `path` after signing in. */
export function signInPath(path: string): string {
  const target = safeRedirectTo(path, "");
  if (!target || target === "/") return "/auth";
  return `/auth?${new URLSearchParams({ redirectTo: target })}`;
}

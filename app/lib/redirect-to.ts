import { hasControlCharacter } from "~/lib/control-characters";
import { paths } from "~/lib/paths";

const PLACEHOLDER_ORIGIN = "http://same-origin.invalid";

/**
 * The app's one return-path sanitiser: every returnTo or redirectTo it follows (after sign-in,
 * after a market or admin form, from the watchlist) passes here.
 * Returns a same-origin path to send the visitor to, or the fallback.
 * The value is normalised first (dot segments resolved, repeated slashes collapsed) and
 * only then checked, so nothing that could leave the site survives: absolute URLs,
 * protocol-relative "//host" however it is spelled ("/.//host", "/a/..//host"), backslash
 * tricks browsers turn into "//", and anything that loops back into sign-in.
 */
export function safeRedirectTo(value: unknown, fallback = paths.welcome()): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn "/\t/evil" into
  // "//evil"; a real path from our own links is percent-encoded, so it has no whitespace either.
  if (hasControlCharacter(value) || /\s/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const pathname = url.pathname.replace(/\/{2,}/g, "/");
  const lower = pathname.toLowerCase();
  if (lower === paths.signIn() || lower.startsWith(`${paths.signIn()}/`) || lower.startsWith(`${paths.signIn()}.`)) return fallback;
  const target = `${pathname}${url.search}${url.hash}`;
  // The normalised result is checked again: whatever the input, a single leading slash.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

/** The /auth address that brings the visitor back to `path` after signing in. */
export function signInPath(path: string): string {
  const target = safeRedirectTo(path, "");
  if (!target || target === paths.home()) return paths.signIn();
  return paths.signIn({ redirectTo: target });
}

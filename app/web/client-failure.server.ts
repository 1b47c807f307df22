/**
 * A refusal Remix's router raises itself (a POST to a page without an action answers 405, an
 * unknown path 404) reaches handleError as an error response with its status, like a crash
 * would. The client, not the server, was wrong, and the access log already records the 4xx,
 * so such a response is not logged again as an error.
 */
export function isClientFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("status" in error) || !("statusText" in error)) return false;
  const status = (error as { status: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500;
}

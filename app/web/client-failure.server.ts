/**
 * Errors Remix's router raises for a request it will not serve (a POST to a page without an
 * action: 405; a method it does not route: 405; no route at all: 404). They reach handleError
 * like a crash would, but the client, not the server, was wrong: the access log already
 * records the 4xx, so they are not logged again as errors.
 */
const ROUTER_CLIENT_FAILURES = [/^You made a [A-Z]+ request to /, /^Invalid request method /, /^No route matches URL /];

export function isRouterClientFailure(error: unknown): boolean {
  return error instanceof Error && ROUTER_CLIENT_FAILURES.some((pattern) => pattern.test(error.message));
}

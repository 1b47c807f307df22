/**
 * What a route module's `handle` may tell the root. `hydrate: false`: the page is served
 * without React's scripts (links only, nothing to hydrate; ADR 0024).
 */
export type RouteHandle = { hydrate?: boolean };

export function servedWithoutReact(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

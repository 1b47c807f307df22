import { currentRequestContext, runInRequestContext } from "~/services/request-context.server";

/**
 * Values remembered for the length of one HTTP request. Remix hands each loader and
 * action its own copy of the Request, so the Request object cannot key a per-request
 * memo; the server runs each request inside one scope instead, and everything that
 * request awaits sees the same one.
 */
export type RequestScope = Map<symbol, unknown>;

/** Runs `handle` (one request's handling) in a fresh scope. */
export function runInRequestScope<T>(handle: () => T): T {
  return runInRequestContext({ scope: new Map() }, handle);
}

/** The value for `key` in this request's scope, computed once; outside a scope, computed every time. */
export function rememberForRequest<T>(key: symbol, compute: () => T): T {
  const scope = currentRequestContext()?.scope;
  if (!scope) return compute();
  if (!scope.has(key)) scope.set(key, compute());
  return scope.get(key) as T;
}

// Symbol.for: server.ts sets it and the Remix build's own copy of this module reads it.
const PINNED_TO_PRIMARY = Symbol.for("aangan.reads-pinned-to-primary");

/**
 * Marks this request as one from a client that has just written (ADR 0079): every read it
 * makes goes to the primary, so nobody sees a replica that has not caught up with them yet.
 */
export function pinReadsToPrimary(): void {
  currentRequestContext()?.scope?.set(PINNED_TO_PRIMARY, true);
}

export function readsPinnedToPrimary(): boolean {
  return currentRequestContext()?.scope?.get(PINNED_TO_PRIMARY) === true;
}

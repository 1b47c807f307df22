import { singleton } from "~/services/singleton.server";

/**
 * When PostgreSQL cannot be reached (stopped, restarting, network gone), requests answer 503
 * with a friendly page instead of 500 (ADR 0034). A failure that says the database
 * is unreachable marks the process as in an outage; server/database-outage-gate.ts then
 * answers pages with 503 until a probe reaches the database again. The state is one per
 * process: the Remix build and server.ts load this module separately.
 */
const state = () => singleton("database-outage", (): { since: number | null } => ({ since: null }));

const UNREACHABLE =
  /\b(P1001|P1002|P1017|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P01|57P02|57P03|08000|08001|08003|08004|08006|DatabaseNotReachable|ConnectionClosed|SocketTimeout)\b|Connection terminated|connection (was )?closed|Can't reach database server|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command|timeout exceeded when trying to connect/i;

function texts(error: unknown, seen = new Set<unknown>()): string[] {
  if (!error || typeof error !== "object" || seen.has(error)) return [];
  seen.add(error);
  const record = error as Record<string, unknown>;
  const out: string[] = [];
  for (const key of ["code", "originalCode", "kind", "message", "originalMessage"]) {
    if (typeof record[key] === "string") out.push(record[key] as string);
  }
  for (const key of ["cause", "meta", "driverAdapterError", "errors"]) {
    const value = record[key];
    if (Array.isArray(value)) for (const item of value) out.push(...texts(item, seen));
    else out.push(...texts(value, seen));
  }
  return out;
}

/** Whether a failure means the database could not be reached (rather than refused a query). */
export function isDatabaseUnreachable(error: unknown): boolean {
  return UNREACHABLE.test(texts(error).join(" | "));
}

export function noteDatabaseOutage(now = Date.now()) {
  state().since ??= now;
}

export function clearDatabaseOutage() {
  state().since = null;
}

/** When the current outage was first noticed, or null while the database answers. */
export function databaseOutageSince(): number | null {
  return state().since;
}

export const OUTAGE_RETRY_AFTER_SECONDS = 5;

import { singleton } from "~/services/singleton.server";

/**
 * When PostgreSQL cannot be reached (stopped, restarting, network gone), requests answer 503
 * with a friendly page instead of 500 (ADR 0034). A failure that says the database
 * is unreachable marks the process as in an outage; server/database-outage-gate.ts then
 * answers pages with 503 until a probe reaches the database again. The state is one per
 * process: the Remix build and server.ts load this module separately.
 */
const state = () => singleton("database-outage", (): { since: number | null } => ({ since: null }));

// Besides PostgreSQL's own: what PgBouncer answers while it restarts or cannot reach its server
// (its errors carry 08P01), a server still in recovery refusing a write while a replica is being
// promoted (25006), too many clients (53300), and Prisma's and pg's pool giving up or a
// connection lost mid-query. Each is "try again in a minute", never a 500 (ADR 0034, 0080).
const UNREACHABLE = new RegExp(
  [
    String.raw`\b(P1001|P1002|P1017|P2024|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P01|57P02|57P03|08000|08001|08003|08004|08006|08P01|25006|53300|DatabaseNotReachable|ConnectionClosed|SocketTimeout)\b`,
    "Connection terminated",
    "connection (was )?closed",
    "Can't reach database server",
    "the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)",
    "terminating connection due to administrator command",
    "timeout exceeded when trying to connect",
    "Timed out fetching a new connection",
    "is not queryable",
    "server conn crashed",
    "pgbouncer cannot connect to server",
    "query_wait_timeout",
    "server login has been failing",
    "cannot execute [A-Z ]+ in a read-only transaction",
    "sorry, too many clients already",
  ].join("|"),
  "i",
);

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

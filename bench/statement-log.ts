// `npx tsx bench/statement-log.ts` (build first): what PostgreSQL spends on each statement of
// one page, per request, from the server's own log. It needs a PostgreSQL you started yourself
// with its log written to a file (the embedded cluster's log goes nowhere), for example from the
// embedded package's binaries, as the postgres user:
//   initdb -D /tmp/pg -U root --auth=trust
//   pg_ctl -D /tmp/pg -o "-p 5499 -c listen_addresses=127.0.0.1" -l /tmp/pg/log.txt start
// STATEMENT_LOG_ADMIN_URL (a server where we may CREATE DATABASE, e.g.
// postgresql://root@127.0.0.1:5499/postgres), STATEMENT_LOG_FILE (that log), STATEMENT_LOG_PAGE
// (default /dashboard/overview, rendered on every request), STATEMENT_LOG_SECONDS (default 5).
// Seeds the page bench's data, warms one pinned worker, then logs every parse, bind (where a
// statement is planned for its parameters) and execute of one connection's requests, one at a
// time, and prints their summed durations per request, largest first. The durations include the
// log's own cost (tens of µs a line): compare runs, not against page-cost.ts.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { createFreshDatabase } from "./database";
import { drive, seedCatalogue, standardPages, startBenchServer } from "./http-bench";

const ADMIN_URL = process.env.STATEMENT_LOG_ADMIN_URL;
const LOG_FILE = process.env.STATEMENT_LOG_FILE;
const PAGE = process.env.STATEMENT_LOG_PAGE ?? "/dashboard/overview";
const SECONDS = Number(process.env.STATEMENT_LOG_SECONDS ?? 5);
const TOP = Number(process.env.STATEMENT_LOG_TOP ?? 20);

async function main(): Promise<number> {
  if (!ADMIN_URL || !LOG_FILE) {
    console.error("Set STATEMENT_LOG_ADMIN_URL and STATEMENT_LOG_FILE (see the comment at the top of this file).");
    return 2;
  }
  const database = await createFreshDatabase(ADMIN_URL, "statementlog");
  try {
    await seedCatalogue(database.url, 1000);
    const sessionSecret = randomBytes(32).toString("hex");
    const pages = await standardPages(database.url, sessionSecret, 5000);
    const cookie = pages.find((page) => page.path === "/invest/bench-1")!.cookie!;
    const headers = { Cookie: `${cookie}; bench_render=every-request` };
    const app = await startBenchServer(database.url, { sessionSecret, workers: 1, cpus: "0" });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${database.name} SET log_min_duration_statement = 0`);
      // The setting reaches new connections only: the app's pool reconnects.
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
        database.name,
      ]);
      await drive(`${app.base}${PAGE}`, 4, 3, headers); // every pooled connection past its first plans
      const from = logOffset();
      const result = await drive(`${app.base}${PAGE}`, 1, SECONDS, headers);
      // Only this database logs every statement, so every duration after the offset is the page's.
      printSummary(readFileSync(LOG_FILE).subarray(from).toString("utf8"), result.requests);
    } finally {
      await admin.query(`ALTER DATABASE ${database.name} RESET log_min_duration_statement`).catch(() => undefined);
      await admin.end();
      await app.stop();
    }
    return 0;
  } finally {
    await database.drop().catch(() => undefined);
  }
}

function logOffset(): number {
  return readFileSync(LOG_FILE!).length;
}

function printSummary(log: string, requests: number) {
  const totals = new Map<string, { microseconds: number; count: number }>();
  // "duration: 0.123 ms  bind read_session: SELECT ..." (named) or "... execute <unnamed>: ...".
  const line = /duration: ([\d.]+) ms {2}(parse|bind|execute) ([^:]+):/;
  for (const text of log.split("\n")) {
    const match = line.exec(text);
    if (!match) continue;
    const key = `${match[2]} ${match[3]}`;
    const total = totals.get(key) ?? { microseconds: 0, count: 0 };
    total.microseconds += Number(match[1]) * 1000;
    total.count++;
    totals.set(key, total);
  }
  const rows = [...totals].sort((a, b) => b[1].microseconds - a[1].microseconds);
  console.log(`${PAGE}: ${requests} requests, one at a time`);
  console.log(`| step and statement | µs per request | per request |`);
  console.log(`|---|---:|---:|`);
  for (const [key, total] of rows.slice(0, TOP)) {
    console.log(`| ${key} | ${Math.round(total.microseconds / requests)} | ${(total.count / requests).toFixed(2)} |`);
  }
  const sum = rows.reduce((all, [, total]) => all + total.microseconds, 0);
  console.log(`| **all** | **${Math.round(sum / requests)}** | |`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

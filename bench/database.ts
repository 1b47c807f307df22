import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "~/services/embedded-postgres.server";
import { migrateDatabase } from "~/services/migrate.server";

export type BenchServer = { adminUrl: string; origin: string; stop: () => Promise<void> };

/**
 * The PostgreSQL the benchmark runs on: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server
 * where we may CREATE DATABASE), otherwise a throw-away embedded cluster in a temp dir.
 */
export async function openBenchServer(): Promise<BenchServer> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, origin: "given URL", stop: async () => undefined };
  const dir = mkdtempSync(path.join(os.tmpdir(), "aangan-bench-"));
  // Running as root, embedded-postgres switches to a "postgres" user that must reach the dir.
  chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir);
  return {
    adminUrl: embedded.url,
    origin: "embedded (temp dir)",
    stop: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A new, migrated database on the bench server; `drop` removes it. */
export async function createFreshDatabase(adminUrl: string, label: string) {
  const name = `aangan_bench_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  await migrateDatabase(url);
  return {
    name,
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

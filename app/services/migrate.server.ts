import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The key Prisma Migrate locks with, so this runner and `prisma migrate deploy` exclude each other. */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const BOOKKEEPING_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/**
 * Migrations apply in name order, and a database's history only grows at its end: a pending
 * migration that sorts before one already applied (a branch merged with an older stamp) is
 * refused, since it would run after work it was written to precede. It gets a later stamp.
 */
export function assertPendingSortAfterApplied(appliedNames: string[], pendingNames: string[]): void {
  const lastApplied = appliedNames.reduce<string | undefined>((last, name) => (last === undefined || name > last ? name : last), undefined);
  if (lastApplied === undefined) return;
  const early = pendingNames.find((name) => name < lastApplied);
  if (early) {
    throw new Error(
      `Migration ${early} is pending but sorts before ${lastApplied}, which is already applied; ` +
        `rename its directory with a stamp later than ${lastApplied.slice(0, 14)} so migrations apply in name order`,
    );
  }
}

/**
 * Applies pending migrations in name order, each in its own transaction, keeping
 * Prisma Migrate's `_prisma_migrations` bookkeeping. Holds Prisma's advisory lock for
 * the whole run, so processes starting together apply each migration exactly once.
 * Refuses to start when a pending migration sorts before an applied one
 * (assertPendingSortAfterApplied). Returns the names it applied.
 */
export async function migrateDatabase(databaseUrl: string, migrations = readMigrations()): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(BOOKKEEPING_TABLE);
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const pending: Migration[] = [];
    for (const migration of migrations) {
      const records = rows.filter((row) => row.migration_name === migration.name && !row.rolled_back_at);
      const done = records.find((row) => row.finished_at);
      if (done) {
        if (done.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied; add a new migration instead`);
        }
        continue;
      }
      if (records.length > 0) {
        throw new Error(`Migration ${migration.name} failed earlier; resolve it before starting (see _prisma_migrations.logs)`);
      }
      pending.push(migration);
    }
    const appliedNames = rows.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => row.migration_name);
    assertPendingSortAfterApplied(
      appliedNames,
      pending.map((migration) => migration.name),
    );
    for (const migration of pending) {
      await applyOne(client, migration);
      applied.push(migration.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return applied;
}

async function applyOne(client: pg.Client, migration: Migration): Promise<void> {
  const id = randomUUID();
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
    id,
    migration.checksum,
    migration.name,
  ]);
  try {
    await client.query("BEGIN");
    await client.query(migration.sql);
    await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(error)]);
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
}

import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-database";
import { assertPendingSortAfterApplied, migrateDatabase, readMigrations, type Migration } from "./migrate.server";

// The migrator's ordering rule against a real, fully migrated database: a migration can only
// be added after the last one applied, never slipped in before it.

const db = useTestDatabase();

function migration(name: string, sql: string): Migration {
  return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
}

async function appliedNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name`,
    );
    return rows.map((row) => row.migration_name);
  } finally {
    await client.end();
  }
}

describe("the migrator's order", () => {
  const committed = readMigrations();
  const last = committed.at(-1)!.name;

  it("refuses a pending migration that sorts before the last applied one, naming both, and applies nothing", async () => {
    const early = migration("20261121500000_slipped_in_early", "CREATE TABLE slipped_in_early (id int)");
    const later = migration("99991231000000_comes_last", "CREATE TABLE comes_last (id int)");
    const error = await migrateDatabase(db.current.url, [...committed, early, later]).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("20261121500000_slipped_in_early");
    expect((error as Error).message).toContain(last);
    expect(await appliedNames()).toEqual(committed.map((m) => m.name));
  });

  it("applies a pending migration that sorts after the last applied one", async () => {
    const later = migration("99991231000000_comes_last", "CREATE TABLE comes_last (id int)");
    expect(await migrateDatabase(db.current.url, [...committed, later])).toEqual([later.name]);
    expect((await appliedNames()).at(-1)).toBe(later.name);
  });

  it("compares names as they sort, and says nothing on a fresh database", () => {
    expect(() => assertPendingSortAfterApplied([], ["20261121000000_init"])).not.toThrow();
    expect(() => assertPendingSortAfterApplied(["20261121000000_a", "20261123000000_c"], ["20261124000000_d"])).not.toThrow();
    expect(() => assertPendingSortAfterApplied(["20261123000000_c", "20261121000000_a"], ["20261122000000_b"])).toThrow(
      /20261122000000_b is pending but sorts before 20261123000000_c/,
    );
  });
});

import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dumpFunctionDefinitions, FUNCTIONS_FILE } from "../../app/services/function-definitions.server";
import { useTestDatabase } from "../setup/test-database";

// prisma/functions.sql is the one place a reader finds a SQL function's current definition;
// it is only true while it is what the migrations build. The test database is cloned from a
// template migrated at the start of the run from prisma/migrations.

const db = useTestDatabase();
const REGENERATE =
  "prisma/functions.sql (- expected) differs from what prisma/migrations define (+ received): run `npm run db:functions` and commit the file";

describe("prisma/functions.sql", () => {
  it("is every function exactly as the migrations define it", async () => {
    const migrated = await dumpFunctionDefinitions(db.current.url);
    expect(migrated, REGENERATE).toBe(readFileSync(FUNCTIONS_FILE, "utf8"));
  });

  it("would show a function changed outside a migration", async () => {
    const client = new pg.Client({ connectionString: db.current.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ definition: string }>(
        `SELECT pg_get_functiondef('ledger_refuse_change'::regproc) AS definition`,
      );
      await client.query(rows[0]!.definition.replace("BEGIN", "BEGIN\n    -- changed by hand"));
    } finally {
      await client.end();
    }
    const changed = await dumpFunctionDefinitions(db.current.url);
    expect(changed).not.toBe(readFileSync(FUNCTIONS_FILE, "utf8"));
    expect(changed).toContain("-- changed by hand");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../app/services/embedded-postgres.server";

describe("the embedded cluster's own log", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-pg-log-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    "reaches the app's output: a real error, and with a threshold a slow statement; a handled refusal does not",
    { timeout: 60_000 },
    async () => {
      const printed: string[] = [];
      const database = await startEmbeddedPostgres(dataDir, { logSlowStatementsMs: 100, printLog: (text) => printed.push(text) });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("SELECT pg_sleep(0.3)");
        await expect(client.query("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
        await expect(
          client.query("DO $$ BEGIN RAISE EXCEPTION 'aangan:insufficient_balance' USING ERRCODE = 'P0001'; END $$"),
        ).rejects.toThrow(/aangan:insufficient_balance/);
        await client.query("SELECT 1");
      } finally {
        await client.end();
        await database.stop();
      }
      const log = printed.join("\n");
      expect(log).toMatch(/duration: \d+\.\d+ ms .*pg_sleep\(0\.3\)/);
      expect(log).toMatch(/ERROR:\s+division by zero/);
      expect(log).not.toMatch(/SELECT 1$/m);
      expect(log).not.toContain("aangan:insufficient_balance");
    },
  );
});

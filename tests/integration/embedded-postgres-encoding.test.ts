import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { initdbFlags, startEmbeddedPostgres } from "../../app/services/embedded-postgres.server";

const LOCALE_VARIABLES = ["LANG", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LANGUAGE"] as const;

describe("the embedded cluster's encoding", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-no-locale-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is UTF-8 on a host with no locale set, so a 500-character field takes 500 rupee signs", { timeout: 60_000 }, async () => {
    const saved = Object.fromEntries(LOCALE_VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of LOCALE_VARIABLES) delete process.env[name];
    let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
    try {
      database = await startEmbeddedPostgres(dataDir);
    } finally {
      for (const name of LOCALE_VARIABLES) if (saved[name] !== undefined) process.env[name] = saved[name];
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ encoding: string; fits: string }>(
        "SELECT current_setting('server_encoding') AS encoding, repeat('₹', 500)::varchar(500) AS fits",
      );
      expect(rows[0]!.encoding).toBe("UTF8");
      expect(Array.from(rows[0]!.fits)).toHaveLength(500);
    } finally {
      await client.end();
      await database.stop();
    }
  });

  it("leaves a UTF-8 host's locale alone and picks the C locale for any other", () => {
    expect(initdbFlags("C.UTF-8")).toEqual(["--encoding=UTF8"]);
    expect(initdbFlags("en_IN.utf8")).toEqual(["--encoding=UTF8"]);
    expect(initdbFlags("")).toEqual(["--encoding=UTF8", "--locale=C"]);
    expect(initdbFlags("POSIX")).toEqual(["--encoding=UTF8", "--locale=C"]);
  });
});

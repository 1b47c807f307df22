import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-database";
import { createPrismaClient, databaseRefusal, preparedQuery, type PrismaClient } from "./db.server";

// preparedQuery against real PostgreSQL: a statement that raises keeps its connection, a
// connection killed mid-statement is dropped without taking the process down.

const db = useTestDatabase();
let client: PrismaClient;

const PID = { name: "test_backend_pid", text: "SELECT pg_backend_pid() AS pid" };
const REFUSE = {
  name: "test_refuse",
  text: `SELECT CASE WHEN $1::int > 0 THEN (SELECT 1 FROM pg_sleep(0)) END AS ok, raise_refusal($1::int) AS refused`,
};

beforeAll(async () => {
  await db.current.prisma.$executeRawUnsafe(`
    CREATE FUNCTION raise_refusal(n int) RETURNS int LANGUAGE plpgsql AS $$
    BEGIN
      IF n > 0 THEN RAISE EXCEPTION 'aangan:test_refusal' USING ERRCODE = 'P0001'; END IF;
      RETURN n;
    END $$`);
  client = createPrismaClient(db.current.url);
});

afterAll(async () => {
  await client?.$disconnect();
});

async function backendPid(): Promise<number> {
  const [row] = await preparedQuery<{ pid: number }>(client, PID, []);
  return row!.pid;
}

describe("preparedQuery", () => {
  it("answers rows, and keeps the connection when the statement raises a refusal", async () => {
    const before = await backendPid();
    for (let i = 0; i < 5; i++) {
      const error = await preparedQuery(client, REFUSE, [1]).catch((e: unknown) => e);
      expect(databaseRefusal(error)).toBe("test_refusal");
    }
    // One caller at a time gets the connection it released last: the same backend, not a new one.
    expect(await backendPid()).toBe(before);
    expect(await preparedQuery(client, REFUSE, [0])).toEqual([{ ok: null, refused: 0 }]);
  });

  it("drops a connection killed mid-statement, rejects, and carries on with a new one", async () => {
    const victim = await backendPid();
    const killer = new pg.Client({ connectionString: db.current.url });
    await killer.connect();
    try {
      const sleeping = preparedQuery(client, { name: "test_sleep", text: "SELECT pg_sleep(5)" }, []).then(
        () => null,
        (error: unknown) => error,
      );
      // Find the backend running the sleep and end it.
      let killed = false;
      for (let tries = 0; tries < 50 && !killed; tries++) {
        const { rows } = await killer.query<{ ended: boolean }>(
          "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_sleep(5)' AND state = 'active'",
        );
        killed = rows.some((row) => row.ended);
        if (!killed) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(killed).toBe(true);
      expect(await sleeping).toMatchObject({ code: "57P01" });
    } finally {
      await killer.end();
    }
    const after = await backendPid();
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(victim);
  });

  it("prepares a named statement on the connection, and none behind a pooler in transaction mode", async () => {
    // A pool of one, so the statement and the look at pg_prepared_statements share a connection.
    const prepared = async (namedStatements: boolean) => {
      const one = createPrismaClient(db.current.url, { max: 1, namedStatements });
      try {
        await preparedQuery(one, { name: "test_named", text: "SELECT 1 AS one" }, []);
        const [row] = await preparedQuery<{ names: string[] }>(
          one,
          { name: "test_list", text: "SELECT coalesce(array_agg(name ORDER BY name), '{}') AS names FROM pg_prepared_statements" },
          [],
        );
        return row!.names;
      } finally {
        await one.$disconnect();
      }
    };
    expect(await prepared(true)).toContain("test_named");
    expect(await prepared(false)).toEqual([]);
  });
});

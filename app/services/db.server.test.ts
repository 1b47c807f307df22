import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-database";
import { isDatabaseUnreachable } from "./database-outage.server";
import {
  classifyDatabaseFailure,
  createPrismaClient,
  isUniqueViolation,
  preparedQuery,
  readInOnePreparedSnapshot,
  readInOneSnapshot,
  runTransaction,
  type DatabaseErrorTable,
} from "./db.server";

// runTransaction against real PostgreSQL conflicts: each retryable failure is provoked for
// real (two transactions locking in opposite orders, a repeatable-read write after a
// concurrent commit, a row lock held past lock_timeout), never simulated.

const db = useTestDatabase();
const prisma = () => db.current.prisma;

beforeAll(async () => {
  await prisma().$executeRawUnsafe("CREATE TABLE tx_probe (id int PRIMARY KEY, n int NOT NULL)");
  await prisma().$executeRawUnsafe("INSERT INTO tx_probe (id, n) VALUES (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)");
});

async function valueOf(id: number): Promise<number> {
  const [row] = await prisma().$queryRaw<{ n: number }[]>`SELECT n FROM tx_probe WHERE id = ${id}`;
  return row!.n;
}

/** Resolves once `parties` callers have arrived. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) release();
    return all;
  };
}

/** A separate connection that holds a row lock until released. */
async function commitElsewhere(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function holdRowLock(id: number): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query("SELECT n FROM tx_probe WHERE id = $1 FOR UPDATE", [id]);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query("COMMIT");
      await client.end();
    },
  };
}

describe("runTransaction", () => {
  it("retries the victim of a deadlock, and both transactions take effect exactly once", { timeout: 30_000 }, async () => {
    const attempts = { a: 0, b: 0 };
    const bothLocked = barrier(2);
    const lockInOrder = (who: "a" | "b", first: number, second: number) =>
      runTransaction(prisma(), `deadlock-${who}`, async (tx) => {
        attempts[who] += 1;
        await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = ${first}`;
        if (attempts[who] === 1) await bothLocked();
        await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = ${second}`;
      });
    await Promise.all([lockInOrder("a", 1, 2), lockInOrder("b", 2, 1)]);
    // PostgreSQL broke the deadlock by aborting one of them; that one ran again.
    expect(attempts.a + attempts.b).toBe(3);
    // The aborted attempt's first update was rolled back: each row moved once per winner.
    expect([await valueOf(1), await valueOf(2)]).toEqual([2, 2]);
  });

  it("retries a serialization failure, and the retry sees the concurrent commit", async () => {
    let attempts = 0;
    await runTransaction(
      prisma(),
      "serialization",
      async (tx) => {
        attempts += 1;
        const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT n FROM tx_probe WHERE id = 3`;
        // Another session commits a change after this snapshot was taken (first attempt only), on
        // its own connection: the transaction's pool refuses a second one to work that holds one.
        if (attempts === 1) await commitElsewhere("UPDATE tx_probe SET n = n + 100 WHERE id = 3");
        await tx.$executeRaw`UPDATE tx_probe SET n = ${row!.n + 1} WHERE id = 3`;
      },
      { isolationLevel: "RepeatableRead" },
    );
    expect(attempts).toBe(2);
    // No lost update: the retry read 100 and wrote 101.
    expect(await valueOf(3)).toBe(101);
  });

  it("retries a lock timeout once the lock is free", async () => {
    const lock = await holdRowLock(4);
    let attempts = 0;
    try {
      await runTransaction(prisma(), "lock-timeout", async (tx) => {
        attempts += 1;
        if (attempts === 2) await lock.release();
        await tx.$executeRawUnsafe("SET LOCAL lock_timeout = '200ms'");
        await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = 4`;
      });
    } finally {
      await lock.release();
    }
    expect(attempts).toBe(2);
    expect(await valueOf(4)).toBe(1);
  });

  it("gives up after a bounded number of attempts and hands the last failure to the caller", async () => {
    const lock = await holdRowLock(5);
    let attempts = 0;
    let failure: unknown;
    try {
      await runTransaction(prisma(), "always-locked", async (tx) => {
        attempts += 1;
        await tx.$executeRawUnsafe("SET LOCAL lock_timeout = '100ms'");
        await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = 5`;
      });
    } catch (error) {
      failure = error;
    } finally {
      await lock.release();
    }
    expect(failure).toBeDefined();
    expect(classifyDatabaseFailure(failure)).toBe("lock_timeout");
    expect(attempts).toBe(3);
    expect(await valueOf(5)).toBe(0);

    attempts = 0;
    const again = await holdRowLock(5);
    await expect(
      runTransaction(
        prisma(),
        "always-locked-once",
        async (tx) => {
          attempts += 1;
          await tx.$executeRawUnsafe("SET LOCAL lock_timeout = '100ms'");
          await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = 5`;
        },
        { attempts: 1 },
      ),
    ).rejects.toBeDefined();
    await again.release();
    expect(attempts).toBe(1);
  });

  it("runs other failures once, rolls them back and passes them on unchanged", async () => {
    let attempts = 0;
    const thrown = new Error("a rule refused it");
    await expect(
      runTransaction(prisma(), "refused", async (tx) => {
        attempts += 1;
        await tx.$executeRaw`UPDATE tx_probe SET n = n + 1000 WHERE id = 1`;
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect(attempts).toBe(1);

    let duplicate: unknown;
    try {
      await runTransaction(prisma(), "duplicate", async (tx) => {
        attempts += 1;
        await tx.$executeRaw`INSERT INTO tx_probe (id, n) VALUES (1, 0)`;
      });
    } catch (error) {
      duplicate = error;
    }
    expect(attempts).toBe(2);
    expect(classifyDatabaseFailure(duplicate)).toBe("unique_violation");
    expect(isUniqueViolation(duplicate)).toBe(true);
    // Neither attempt left anything behind.
    expect(await valueOf(1)).toBe(2);
  });

  it("passes a connection the server ended mid-transaction to the caller as it is, not as the area's failure", async () => {
    // What a failover does to a transaction in flight: the server ends its connection (57P01).
    const areaFailure = new Error("the area's own 'unable to complete' (a 500)");
    const table: DatabaseErrorTable = {
      domain: () => undefined,
      refusals: {},
      duplicate: () => new Error("duplicate"),
      conflict: () => new Error("conflict"),
      unexpected: () => areaFailure,
    };
    let failure: unknown;
    try {
      await runTransaction(
        prisma(),
        "server-ends-connection",
        async (tx) => {
          await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = 2`;
          await tx.$queryRaw`SELECT pg_terminate_backend(pg_backend_pid())`;
        },
        { errors: table },
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    expect(failure).not.toBe(areaFailure);
    // So entry.server answers 503 with Retry-After for it (ADR 0034).
    expect(isDatabaseUnreachable(failure)).toBe(true);
    // Nothing of it was committed.
    expect(await valueOf(2)).toBe(2);
  });
});

describe("preparedQuery across copies of this module", () => {
  it("sends a client's statement named on its own pool when the module that made the client is another copy", async () => {
    // server.ts runs this module from source while the Remix build carries its own copy; the
    // client the build's loaders use is made by server.ts's copy.
    const maker = await import("./db.server");
    vi.resetModules();
    const caller = await import("./db.server");
    expect(caller).not.toBe(maker);
    const client = maker.createPrismaClient(db.current.url, { max: 1, namedStatements: true });
    try {
      await caller.preparedQuery(client, { name: "copies_probe", text: "SELECT 1 AS one" }, []);
      const prepared = await caller.preparedQuery<{ name: string }>(
        client,
        { name: "copies_probe_list", text: "SELECT name FROM pg_prepared_statements ORDER BY name" },
        [],
      );
      expect(prepared.map((row) => row.name)).toEqual(["copies_probe", "copies_probe_list"]);
    } finally {
      await client.$disconnect();
    }
  });
});

describe("Prisma's own queries", () => {
  const preparedNames = (client: ReturnType<typeof createPrismaClient>) =>
    preparedQuery<{ name: string }>(client, { name: "list_prepared", text: "SELECT name FROM pg_prepared_statements" }, []).then((rows) =>
      rows.map((row) => row.name).filter((name) => name.startsWith("prisma_")),
    );

  it("are prepared once their SQL repeats, and then reuse the connection's statement", async () => {
    const client = createPrismaClient(db.current.url, { max: 1, namedStatements: true });
    try {
      await client.userProfile.findFirst({ where: { email: "nobody@example.in" }, select: { id: true } });
      expect(await preparedNames(client)).toEqual([]);
      await client.userProfile.findFirst({ where: { email: "nobody-else@example.in" }, select: { id: true } });
      const named = await preparedNames(client);
      expect(named).toHaveLength(1);
      await client.userProfile.findFirst({ where: { email: "someone@example.in" }, select: { id: true } });
      expect(await preparedNames(client)).toEqual(named);
    } finally {
      await client.$disconnect();
    }
  });

  it("stay unnamed behind a pooler in transaction mode, where a statement may not be on the next connection", async () => {
    const client = createPrismaClient(db.current.url, { max: 1, namedStatements: false });
    try {
      for (let i = 0; i < 3; i++) await client.userProfile.findFirst({ where: { email: `n${i}@example.in` }, select: { id: true } });
      const [row] = await client.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM pg_prepared_statements");
      expect(row!.n).toBe(0);
    } finally {
      await client.$disconnect();
    }
  });
});

describe("work holding a connection", () => {
  const SELECT_ONE = { name: "probe_select_one", text: "SELECT 1 AS one" };
  const refused = /a second connection asked for while this work holds one of the same pool/;

  it("is refused a second connection from its own pool, in a snapshot, a prepared snapshot and a transaction", async () => {
    const own = prisma();
    await expect(readInOneSnapshot(own, () => own.$queryRaw`SELECT 1`)).rejects.toThrow(refused);
    await expect(readInOnePreparedSnapshot(own, () => preparedQuery(own, SELECT_ONE, []))).rejects.toThrow(refused);
    await expect(runTransaction(own, "probe", () => own.$executeRaw`SELECT 1`)).rejects.toThrow(refused);
  });

  it("reads through what it holds, and from another pool, as before; the pool serves again once the work ends", async () => {
    const own = prisma();
    const other = createPrismaClient(db.current.url, { max: 1 });
    try {
      const read = await readInOneSnapshot(own, async (tx) => [
        await tx.$queryRaw<{ n: number }[]>`SELECT 1 AS n`,
        await other.$queryRaw<{ n: number }[]>`SELECT 2 AS n`,
      ]);
      expect(read.map(([row]) => row!.n)).toEqual([1, 2]);
      expect(await readInOnePreparedSnapshot(own, (reader) => preparedQuery<{ one: number }>(reader, SELECT_ONE, []))).toEqual([
        { one: 1 },
      ]);
      expect(await preparedQuery<{ one: number }>(own, SELECT_ONE, [])).toEqual([{ one: 1 }]);
    } finally {
      await other.$disconnect();
    }
  });
});

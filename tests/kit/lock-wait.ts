import pg from "pg";
import type { PrismaClient, Tx } from "../../app/services/db.server";

/**
 * Until a session of `self`'s database waits for a lock and none (but `self`) is running a
 * statement: the moment a test holding a table lets a commit land between a reader's reads.
 * Readers on several connections may each wait, so it asks for at least one waiting.
 */
export async function untilOnlyLockWaitsAreBusy(self: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await self.query<{ waiting: number; busy: number }>(
      `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting,
              count(*) FILTER (WHERE state = 'active' AND wait_event_type IS DISTINCT FROM 'Lock')::int AS busy
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (rows[0]!.waiting >= 1 && rows[0]!.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * What `read` returns when a commit lands in the middle of it: `write` runs in a transaction
 * that then locks `lockedTable`, `read` starts, and the transaction commits once `read` waits
 * for that table. The reader's statements on other tables have run by then; the rest run after
 * the commit. A reader on one snapshot returns the database as it was before the write.
 */
export async function readAcrossACommit<T>(
  database: { url: string; prisma: PrismaClient },
  steps: { write: (tx: Tx) => Promise<unknown>; lockedTable: string; read: () => Promise<T> },
): Promise<T> {
  const watcher = new pg.Client({ connectionString: database.url });
  await watcher.connect();
  let reading: Promise<T> | undefined;
  try {
    await database.prisma.$transaction(
      async (tx) => {
        await steps.write(tx);
        await tx.$executeRawUnsafe(`LOCK TABLE "${steps.lockedTable}" IN ACCESS EXCLUSIVE MODE`);
        reading = steps.read();
        await untilOnlyLockWaitsAreBusy(watcher);
      },
      { timeout: 20_000 },
    );
  } finally {
    await watcher.end();
  }
  return reading!;
}

/**
 * How many sessions wait, right now, on a lock `holder` holds. Counted by blocker rather than
 * by wait event, so sessions of other test files on the same cluster never count, and read
 * afresh on each call: inside `holder`'s transaction pg_stat_activity is otherwise a snapshot
 * taken at its first read, which would miss a session that connected or started waiting later.
 */
export async function sessionsBlockedBy(holder: pg.Client): Promise<number> {
  await holder.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await holder.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))",
  );
  return rows[0]!.n;
}

/** Until at least one session waits on a lock `holder` holds (10 s at most); then how many do. */
export async function untilBlockedBy(holder: pg.Client): Promise<number> {
  for (let i = 0; i < 500; i++) {
    const blocked = await sessionsBlockedBy(holder);
    if (blocked > 0) return blocked;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return 0;
}

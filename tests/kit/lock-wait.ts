import type pg from "pg";

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

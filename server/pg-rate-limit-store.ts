import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import type pg from "pg";
import { currentDatabaseSettings, pooledInTransactionMode } from "~/services/env.server";

const SWEEP_EVERY_MS = 60_000;
/** Windows older than this are deleted (longer than any limiter's window). */
const KEEP_WINDOWS_MS = 60 * 60_000;

type Waiter = { resolve: (response: IncrementResponse) => void; reject: (error: unknown) => void };
/** The hits waiting to be counted, by key, in the order they came. */
type Batch = Map<string, Waiter[]>;

/**
 * An express-rate-limit store kept in PostgreSQL (table rate_limit_counters, ADR 0032), so
 * every app process counts against the same budget. One upsert counts the hits of a turn of the
 * event loop and answers each its count: a window that has ended starts again. Old rows are
 * swept once a minute.
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private sweeper: NodeJS.Timeout | undefined;
  /** This turn's hits, until the turn ends and one statement counts them. */
  private batch: Batch | undefined;

  constructor(
    private readonly pool: pg.Pool,
    prefix: string,
  ) {
    this.prefix = `${prefix}:`;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /**
   * Counts a hit. The hits a process asks for in one turn of its event loop (the requests one
   * wake-up read) are counted by one statement, which adds each key's hits and answers its new
   * count; the hits of a key are then numbered in the order they came, exactly as if each had been
   * its own upsert, so the budget stays exact across processes (ADR 0032) with one round trip for
   * the many requests of a busy moment instead of one each.
   */
  increment(key: string): Promise<IncrementResponse> {
    return new Promise((resolve, reject) => {
      const batch = (this.batch ??= this.startBatch());
      const waiting = batch.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
  }

  private startBatch(): Batch {
    const batch: Batch = new Map();
    setImmediate(() => {
      if (this.batch === batch) this.batch = undefined;
      this.countBatch(batch).catch((error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      });
    });
    return batch;
  }

  private async countBatch(batch: Batch): Promise<void> {
    // Keys in one order in every process, so two batches that share keys never deadlock.
    const keys = [...batch.keys()].sort();
    // Sent on every request, so prepared once per connection: PostgreSQL parses and plans it once.
    // Not behind a transaction pooler (ADR 0079): there the next query may land on another server
    // connection, the name is "already exists" or "does not exist", and the limiter fails open.
    const named = !pooledInTransactionMode(currentDatabaseSettings());
    const { rows } = await this.pool.query<{ key: string; count: number; reset_time: Date }>({
      ...(named ? { name: "rate_limit_increment_batch" } : {}),
      text: `INSERT INTO rate_limit_counters AS c (key, window_start, count)
       SELECT k.key, clock_timestamp(), k.hits FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(key, hits, n) ORDER BY k.n
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_start <= clock_timestamp() - make_interval(secs => $3::double precision / 1000) THEN excluded.count ELSE c.count + excluded.count END,
         window_start = CASE WHEN c.window_start <= clock_timestamp() - make_interval(secs => $3::double precision / 1000) THEN clock_timestamp() ELSE c.window_start END
       RETURNING key, count, window_start + make_interval(secs => $3::double precision / 1000) AS reset_time`,
      values: [keys.map((key) => this.prefix + key), keys.map((key) => batch.get(key)!.length), this.windowMs],
    });
    const counted = new Map(rows.map((row) => [row.key, row]));
    for (const key of keys) {
      const waiters = batch.get(key)!;
      const row = counted.get(this.prefix + key);
      if (!row) {
        for (const waiter of waiters) waiter.reject(new Error(`rate limit key ${key} was not counted`));
        continue;
      }
      // The batch's hits were the last ones counted: the first of them is count − hits + 1.
      waiters.forEach((waiter, i) => waiter.resolve({ totalHits: row.count - waiters.length + 1 + i, resetTime: row.reset_time }));
    }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.pool.query<{ count: number; reset_time: Date }>(
      `SELECT count, window_start + make_interval(secs => $2::double precision / 1000) AS reset_time
         FROM rate_limit_counters WHERE key = $1 AND window_start > clock_timestamp() - make_interval(secs => $2::double precision / 1000)`,
      [this.prefix + key, this.windowMs],
    );
    return rows[0] ? { totalHits: rows[0].count, resetTime: rows[0].reset_time } : undefined;
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query(`UPDATE rate_limit_counters SET count = count - 1 WHERE key = $1 AND count > 1`, [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM rate_limit_counters WHERE key = $1`, [this.prefix + key]);
  }

  /** Deletes windows that ended long ago; uses the window_start index. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM rate_limit_counters WHERE window_start < clock_timestamp() - make_interval(secs => $1::double precision / 1000)`,
      [Math.max(KEEP_WINDOWS_MS, this.windowMs * 2)],
    );
    return rowCount ?? 0;
  }

  shutdown() {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}

import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import type pg from "pg";
import { currentDatabaseSettings, pooledInTransactionMode } from "~/services/env.server";

const SWEEP_EVERY_MS = 60_000;
/** Windows older than this are deleted (longer than any limiter's window). */
const KEEP_WINDOWS_MS = 60 * 60_000;

/**
 * An express-rate-limit store kept in PostgreSQL (table rate_limit_counters, ADR 0032), so
 * every app process counts against the same budget. One upsert counts a hit and answers the
 * count: a window that has ended starts again at 1. Old rows are swept once a minute.
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private sweeper: NodeJS.Timeout | undefined;

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

  async increment(key: string): Promise<IncrementResponse> {
    // Sent on every request, so prepared once per connection: PostgreSQL parses and plans it once.
    // Not behind a transaction pooler (ADR 0079): there the next query may land on another server
    // connection, the name is "already exists" or "does not exist", and the limiter fails open.
    const named = !pooledInTransactionMode(currentDatabaseSettings());
    const { rows } = await this.pool.query<{ count: number; reset_time: Date }>({
      ...(named ? { name: "rate_limit_increment" } : {}),
      text: `INSERT INTO rate_limit_counters AS c (key, window_start, count) VALUES ($1, clock_timestamp(), 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_start <= clock_timestamp() - make_interval(secs => $2::double precision / 1000) THEN 1 ELSE c.count + 1 END,
         window_start = CASE WHEN c.window_start <= clock_timestamp() - make_interval(secs => $2::double precision / 1000) THEN clock_timestamp() ELSE c.window_start END
       RETURNING count, window_start + make_interval(secs => $2::double precision / 1000) AS reset_time`,
      values: [this.prefix + key, this.windowMs],
    });
    const row = rows[0]!;
    return { totalHits: row.count, resetTime: row.reset_time };
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

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresRateLimitStore } from "../../server/pg-rate-limit-store";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

// Two real server.ts processes on one database: the rate-limit budget lives in PostgreSQL
// (ADR 0032), so what one process counted, the other refuses.
const db = useTestDatabase();
let first: AppProcess;
let second: AppProcess;
const limits = {
  SEED_DEMO_DATA: "false",
  RATE_LIMIT_SIGN_IN_PER_MINUTE: "4",
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: "3",
  RATE_LIMIT_READS_PER_MINUTE: "40",
  RATE_LIMIT_PER_MINUTE: "100000",
};

beforeAll(async () => {
  [first, second] = await Promise.all([
    startAppProcess({ DATABASE_URL: db.current.url, ...limits }),
    startAppProcess({ DATABASE_URL: db.current.url, ...limits }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

const get = (base: string, path: string) => fetch(`${base}${path}`, { redirect: "manual" });

describe("rate limits shared by every process", () => {
  it("refuses sign-in on the second process once the first has used the budget, with Retry-After and a clear message", async () => {
    for (let i = 0; i < 4; i++) expect((await get(first.baseUrl, "/auth/google")).status).not.toBe(429);
    const refused = await get(second.baseUrl, "/auth/google");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.text()).toMatch(/^Too many requests to sign in\. Please wait \d+ seconds? and try again\.$/);
    // The first process refuses too: one budget, not one per process.
    expect((await get(first.baseUrl, "/auth/google")).status).toBe(429);
    // Counted in the database, under the limiter's own key.
    const rows = await db.current.prisma.rateLimitCounter.findMany({ where: { key: { startsWith: "sign-in:" } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBeGreaterThanOrEqual(6);
  });

  it("limits downloads (documents, PDFs, CSVs) across processes but not ordinary pages", async () => {
    const statuses = [];
    for (const app of [first, second, first, second]) statuses.push((await get(app.baseUrl, "/property-documents/nope")).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // A page read is still answered: the reads ceiling is far higher.
    expect((await get(second.baseUrl, "/properties")).status).toBe(200);
  });

  it("stops a flood of page reads at the per-IP ceiling, shared by both processes", async () => {
    await db.current.prisma.rateLimitCounter.deleteMany({ where: { key: { startsWith: "reads:" } } });
    const statuses: number[] = [];
    for (let i = 0; i < 44; i++) statuses.push((await get(i % 2 ? first.baseUrl : second.baseUrl, "/faq")).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    // Health checks are never limited.
    expect((await get(first.baseUrl, "/healthz")).status).toBe(200);
  });
});

describe("the PostgreSQL store", () => {
  it("keeps its counters in an unlogged table, so counting a page read writes no WAL and waits for no flush", async () => {
    const [table] = await db.current.prisma.$queryRaw<{ persistence: string }[]>`
      SELECT relpersistence::text AS persistence FROM pg_class WHERE relname = 'rate_limit_counters' AND relkind = 'r'`;
    expect(table?.persistence).toBe("u");
  });

  it("counts atomically under concurrency, starts a new window after the old one, and sweeps old windows", async () => {
    const pool = new pg.Pool({ connectionString: db.current.url, max: 8 });
    try {
      const store = new PostgresRateLimitStore(pool, "unit");
      store.init({ windowMs: 1_000 } as never);
      const results = await Promise.all(Array.from({ length: 25 }, () => store.increment("k")));
      expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect((await store.get("k"))?.totalHits).toBe(25);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await store.increment("k")).totalHits).toBe(1);
      await pool.query(`UPDATE rate_limit_counters SET window_start = now() - interval '2 hours' WHERE key = 'unit:k'`);
      expect(await store.sweep()).toBeGreaterThanOrEqual(1);
      expect(await store.get("k")).toBeUndefined();
      store.shutdown();
    } finally {
      await pool.end();
    }
  });

  it("counts a turn's hits in one statement, numbered as if each came alone, across two processes' pools", async () => {
    // pg's pools, counting the queries each is given: each is one statement and one round trip.
    const counts = [0, 0];
    const pools = counts.map((_, i) => {
      const pool = new pg.Pool({ connectionString: db.current.url, max: 4 });
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      pool.query = ((...args: unknown[]) => (counts[i]!++, query(...args))) as typeof pool.query;
      return pool;
    });
    try {
      const stores = pools.map((pool) => new PostgresRateLimitStore(pool, "batch"));
      for (const store of stores) store.init({ windowMs: 60_000 } as never);
      // Three waves, each 20 hits on each "process" at once; the key "other" shares the first wave.
      const totals: number[] = [];
      let other: number[] = [];
      for (let wave = 0; wave < 3; wave++) {
        const hits = stores.flatMap((store) => Array.from({ length: 20 }, () => store.increment("k")));
        const others = wave === 0 ? [stores[0]!.increment("other"), stores[0]!.increment("other")] : [];
        totals.push(...(await Promise.all(hits)).map((hit) => hit.totalHits));
        if (wave === 0) other = (await Promise.all(others)).map((hit) => hit.totalHits);
      }
      expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect(other).toEqual([1, 2]);
      // One statement per process per wave, not one per hit.
      expect(counts).toEqual([3, 3]);
      expect((await stores[1]!.get("k"))?.totalHits).toBe(120);
      for (const store of stores) store.shutdown();
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

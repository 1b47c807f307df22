import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { findFreePort } from "~/services/free-port.server";
import pg from "pg";
import { latencySummary, round } from "./stats";

export type PageResult = {
  path: string;
  /** Names a measurement of a path measured more than once (the overview rendered every time). */
  label?: string;
  requests: number;
  rps: number;
  statuses: Record<string, number>;
  failures: number;
  latencyMs: { p50: number; p99: number };
  /** Mean of each Server-Timing metric over the answers, in ms: where the time went. */
  serverTiming?: Record<string, number>;
  /** Answers by X-Page-Cache (hit, miss; "none" when the page was not eligible). */
  pageCache?: Record<string, number>;
};

/** How long each page is driven at the measured load before its window (BENCH_PAGE_WARMUP_SECONDS, default 15). */
export const PAGE_WARMUP_SECONDS = Number(process.env.BENCH_PAGE_WARMUP_SECONDS ?? 15);

export type PageBenchResult =
  | {
      ran: true;
      propertiesSeeded: number;
      concurrency: number;
      seconds: number;
      /** Seconds each page (and /healthz) was driven at `concurrency` before its measured window. */
      warmupSeconds: number;
      pages: PageResult[];
      /** Whether /properties actually listed seeded properties (false while the route is a placeholder). */
      catalogueRendered: boolean;
      note?: string;
    }
  | { ran: false; reason: string };

/** 1,000 public properties of every type, band and status, with a confirmed investment on each third. */
export async function seedCatalogue(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `
      INSERT INTO properties (id, title, city, property_type, property_status, total_value, share_price, total_shares,
                              available_shares, minimum_investment, expected_annual_return, funding_goal, images, created_at)
      SELECT 'bench-' || g, 'Bench property ' || g, (ARRAY['Mumbai','Pune','Bengaluru','Chennai'])[1 + g % 4],
             (enum_range(NULL::property_type))[1 + g % 8],
             (ARRAY['open','open','open','funded','upcoming','closed']::property_status[])[1 + g % 6],
             1000000 + (g % 30) * 500000, 10000, 1000, 1000, 10000, 4 + (g % 70) / 10.0, 1000000 + (g % 30) * 500000,
             ARRAY['/media/properties/bench.jpg'], now() - make_interval(mins => g)
        FROM generate_series(1, $1::int) AS g`,
      [count],
    );
    await client.query(`
      INSERT INTO user_profiles (email, trial_expires_at) VALUES ('bench-reader@example.in', now() + interval '14 days')`);
    await client.query(`
      INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment)
      SELECT (SELECT user_id FROM user_profiles WHERE email = 'bench-reader@example.in'), id, 10, 10000, 100000
        FROM properties WHERE id LIKE 'bench-%' AND (substring(id from 7))::int % 3 = 0`);
  } finally {
    await client.end();
  }
}

export const BENCH_INVESTOR_EMAIL = "bench-investor@example.in";

/**
 * An investor with `count` completed purchases (and as many confirmed investments) spread over
 * two years across the catalogue's open properties, with their positions: what
 * /dashboard/overview reads. Returns the investor's user id.
 */
export async function seedInvestor(url: string, count: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string }>(
      `INSERT INTO user_profiles (email, trial_expires_at, tier, subscription_active, kyc_status)
       VALUES ($1, now() + interval '14 days', 'large_investor', true, 'approved') RETURNING user_id::text`,
      [BENCH_INVESTOR_EMAIL],
    );
    const userId = rows[0]!.user_id;
    await client.query(
      `WITH bought AS (
         SELECT g, 'bench-' || (1 + (g * 7) % 600) AS property_id, now() - make_interval(hours => g * 3) AS at
           FROM generate_series(1, $2::int) AS g
       ), tx AS (
         INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, price_per_share,
                                   description, created_at)
         SELECT $1::uuid, property_id, 'investment', 'completed', 10000, 200, 1, 10000, '1 share of ' || property_id, at FROM bought
         RETURNING id, property_id, created_at
       )
       INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment, investment_date, transaction_id)
       SELECT $1::uuid, property_id, 1, 10000, 10000, created_at, id FROM tx`,
      [userId, count],
    );
    await client.query(
      `INSERT INTO user_property_positions (user_id, property_id, shares, cost_basis, avg_price)
       SELECT user_id, property_id, sum(shares_owned), sum(total_investment), 10000 FROM investments
        WHERE user_id = $1::uuid GROUP BY user_id, property_id`,
      [userId],
    );
    return userId;
  } finally {
    await client.end();
  }
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy in time");
}

/** Closed-loop load: `concurrency` workers each send the next request when the last answers, until time is up. */
// What every browser asks for (Chromium also offers zstd, which the server does not send).
// Node's fetch asks only for gzip and deflate, so without this the bench measured a
// compression no visitor gets.
const AS_A_BROWSER = { "Accept-Encoding": "gzip, deflate, br" };

export async function drive(
  url: string,
  concurrency: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Omit<PageResult, "path">> {
  const statuses: Record<string, number> = {};
  const pageCache: Record<string, number> = {};
  const timingSums: Record<string, number> = {};
  let timed = 0;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const response = await fetch(url, {
            redirect: "manual",
            headers: { ...AS_A_BROWSER, ...headers },
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          const serverTiming = response.headers.get("server-timing");
          if (serverTiming) {
            timed++;
            for (const [, name, dur] of serverTiming.matchAll(/([^\s,;]+);dur=([\d.]+)/g)) {
              timingSums[name!] = (timingSums[name!] ?? 0) + Number(dur);
            }
          }
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const outcome = response.headers.get("x-page-cache") ?? "none";
          pageCache[outcome] = (pageCache[outcome] ?? 0) + 1;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const ok = Object.entries(statuses).reduce((sum, [status, n]) => (status.startsWith("2") ? sum + n : sum), 0);
  const serverTiming = timed ? Object.fromEntries(Object.entries(timingSums).map(([name, sum]) => [name, round(sum / timed)])) : undefined;
  return {
    requests: latencies.length,
    rps: round(ok / elapsed),
    statuses,
    failures,
    latencyMs: latencySummary(latencies),
    serverTiming,
    pageCache,
  };
}

/**
 * Starts the production server (build/ must exist: npm run build) on a loopback port
 * against `url`, and measures GET /properties next to GET /healthz.
 */
export async function runPageBench(
  url: string,
  options: {
    concurrency: number;
    seconds: number;
    /** Load at `concurrency` before each measured window, so the window sees a warm server (default PAGE_WARMUP_SECONDS). */
    warmupSeconds?: number;
    propertiesSeeded: number;
    /** Pages to measure after /healthz, with the Cookie to send (a signed-in investor's). */
    pages?: { path: string; cookie?: string; label?: string }[];
    sessionSecret?: string;
    /** WEB_CONCURRENCY for the server (default: its own, one worker per CPU). */
    workers?: number;
  },
): Promise<PageBenchResult> {
  if (!existsSync("build/server/index.js")) return { ran: false, reason: "no production build (run npm run build first)" };
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  try {
    server = await startBenchServer(url, options);
  } catch (error) {
    return { ran: false, reason: (error as Error).message };
  }
  const { base } = server;
  const warmupSeconds = options.warmupSeconds ?? PAGE_WARMUP_SECONDS;
  try {
    const pages: PageResult[] = [];
    for (const { path, cookie, label } of [
      { path: "/healthz" } as { path: string; cookie?: string; label?: string },
      ...(options.pages ?? [{ path: "/properties" }]),
    ]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      // Warm-up at the measured load: a page's code is compiled by V8 as it runs, and each pool
      // connection prepares and plans the page's statements, so its cost a request falls by a
      // quarter over its first 15-20 s (docs/performance.md, the thirty-eighth pass). One second
      // at four connections measured a server still part cold.
      await drive(`${base}${path}`, options.concurrency, warmupSeconds, headers);
      pages.push({ path, label, ...(await drive(`${base}${path}`, options.concurrency, options.seconds, headers)) });
    }
    const catalogueRendered = (await (await fetch(`${base}/properties`)).text()).includes("Bench property");
    const note = catalogueRendered
      ? undefined
      : "/properties did not list the seeded properties: the route is not the catalogue yet, so this measures what it renders today";
    return {
      ran: true,
      propertiesSeeded: options.propertiesSeeded,
      concurrency: options.concurrency,
      seconds: options.seconds,
      warmupSeconds,
      pages,
      catalogueRendered,
      note,
    };
  } catch (error) {
    return { ran: false, reason: `${(error as Error).message}${server.lastWords()}` };
  } finally {
    await server.stop();
  }
}

/**
 * The production build on `url`, as a bench drives it: its own process group on a free port,
 * rate limits out of the way (every bench client shares one address), no demo seeding.
 * Resolves once /healthz answers; `lastWords` is the tail of its stderr for a failure message.
 */
export async function startBenchServer(
  url: string,
  options: {
    sessionSecret?: string;
    workers?: number;
    /** More environment for the server (a profiler's NODE_OPTIONS). */
    env?: Record<string, string>;
    /** Pin the server to these CPUs (`taskset -c`), so a profile is not shared with the load. */
    cpus?: string;
    /** Flags for node itself (a profiler's, which NODE_OPTIONS may not carry); tsx is then loaded with --import. */
    nodeArgs?: string[];
    /** Serve another checkout's build (its own node_modules and build/), for an A/B of two builds. */
    cwd?: string;
  } = {},
) {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const server = options.nodeArgs
    ? [process.execPath, ...options.nodeArgs, "--import", "tsx", "server.ts"]
    : [resolvePath(options.cwd ?? ".", "node_modules/.bin/tsx"), "server.ts"];
  const [command, ...args] = (options.cpus ? ["taskset", "-c", options.cpus, ...server] : server) as [string, ...string[]];
  const child = spawn(command, args, {
    cwd: options.cwd,
    detached: true, // own process group, so the whole tree started here can be stopped by its id
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      SESSION_SECRET: options.sessionSecret ?? randomBytes(32).toString("hex"),
      ...(options.workers ? { WEB_CONCURRENCY: String(options.workers) } : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_ORIGIN: base,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      // Every bench client shares one address; the limiters still count each request (ADR 0032).
      RATE_LIMIT_READS_PER_MINUTE: "100000000",
      RATE_LIMIT_PER_MINUTE: "100000000",
      RATE_LIMIT_MONEY_PER_MINUTE: "100000000",
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: "100000000",
      // Production refuses to start without Google credentials unless the built-in stand-in
      // is asked for; the bench reads only public pages on loopback.
      DEMO_MODE: "true",
      ...options.env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const lastWords = () => (stderr ? `; server said: ${stderr.trim().split("\n").slice(-3).join(" | ")}` : "");
  try {
    await waitForHealth(base, child, 60_000);
  } catch (error) {
    await stopProcessGroup(child);
    throw new Error(`${(error as Error).message}${lastWords()}`);
  }
  return { base, pid: child.pid!, lastWords, stop: () => stopProcessGroup(child) };
}

async function stopProcessGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A signed-in browser's Cookie header for `userId` on the server the bench starts (the same
 * SESSION_SECRET, production cookie settings): a real session row, created as the app does.
 */
export async function benchSessionCookie(url: string, sessionSecret: string, userId: string): Promise<string> {
  const { reloadEnv } = await import("~/services/env.server");
  const { disconnectPrisma } = await import("~/services/db.server");
  const { createUserSession } = await import("~/services/session.server");
  await disconnectPrisma();
  Object.assign(process.env, { DATABASE_URL: url, SESSION_SECRET: sessionSecret, NODE_ENV: "production", DEMO_MODE: "true" });
  reloadEnv();
  try {
    return (await createUserSession(userId, new Request("http://127.0.0.1/"))).split(";")[0]!;
  } finally {
    await disconnectPrisma();
  }
}

/**
 * The pages `npm run bench` measures next to /healthz: the landing page and the catalogue (as
 * the signed-out page cache serves them and rendered on every request), an invest page, the
 * overview of a busy investor, and, for reference, /fees signed in: the fee schedule in the
 * signed-in frame (session, rate limit, bell, layout), whose loader adds only three small reads
 * (the investor's state for GST twice and the Premium price): near the least a signed-in page costs.
 * The invest page and the transactions list are rendered on every request (no page of a
 * signed-in investor is kept but the overview).
 * The overview is measured twice: as an investor's browser asks for it (served from memory
 * while nothing it shows changes, ADR 0045) and rendered on every request (a second cookie
 * makes a request ineligible for the kept page), what a first visit or a changed portfolio costs.
 */
export async function standardPages(url: string, sessionSecret: string, transactions: number) {
  const investorId = await seedInvestor(url, transactions);
  await gatherStatistics(url);
  const cookie = await benchSessionCookie(url, sessionSecret, investorId);
  // A cookie the app does not know makes a public page ineligible for the signed-out page cache
  // (server/micro-cache.ts): what a visitor the cache cannot serve costs.
  const rendered = "bench_render=every-request";
  return [
    { path: "/" },
    { path: "/", cookie: rendered, label: "/ (rendered)" },
    { path: "/properties" },
    { path: "/properties", cookie: rendered, label: "/properties (rendered)" },
    { path: "/invest/bench-1", cookie },
    { path: "/dashboard/overview", cookie },
    { path: "/dashboard/overview", cookie: `${cookie}; ${rendered}`, label: "/dashboard/overview (rendered)" },
    { path: "/dashboard/transactions", cookie },
    { path: "/fees", cookie },
  ];
}

/**
 * VACUUM ANALYZE after seeding, as autovacuum leaves a live database within a minute of such a
 * load: statistics (tables seeded a second ago have none, and the planner then guesses one row
 * where there are hundreds: a nested loop where a hash join is cheaper) and the visibility map
 * (without it an index-only scan, such as the history's count, still fetches every heap row).
 */
async function gatherStatistics(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

// `PAGE_AB_BEFORE=/path/to/checkout npx tsx bench/page-ab.ts` (both checkouts built): what a
// change costs a request, this checkout's build against another's, on a host whose speed drifts.
// Runs of one build one after the other differed here by more than two builds did (the
// twenty-first pass in docs/performance.md), so both builds serve at once, from one seeded
// database, each one worker pinned to CPU 0, and are driven in turn, round after round, the
// order alternating: a slow minute lands on both. Reported per page: the median over the rounds
// of the app's CPU µs a request and of req/s, and every round's figure.
// PAGE_AB_ROUNDS (default 6), PAGE_AB_SECONDS (default 5), PAGE_AB_CONCURRENCY (default 20),
// PAGE_AB_ONLY ("terms,overview": the pages whose label contains one of these), PAGE_AB_ALERTS
// (default 0: the bench investor's unread alerts, for a change to what the header reads),
// PAGE_AB_NODE_ARGS and PAGE_AB_BEFORE_NODE_ARGS ("--flag …": node's own flags for each side, so
// one build against itself with a runtime setting changed: PAGE_AB_BEFORE=. ), PAGE_AB_ENV and
// PAGE_AB_BEFORE_ENV ("NAME=value …": more environment for each side's server), PAGE_AB_WORKERS
// (default 1, pinned to CPU 0; more: that many workers each, unpinned, the full bench's shape),
// PAGE_AB_WARMUP_SECONDS (default 1 at 4 connections; more: that long at the measured load).
// Before any timing, each page's HTML from the two builds is compared (the nonce and the forms'
// idempotency keys aside) and the first difference shown.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createFreshDatabase, openBenchServer } from "./database";
import pg from "pg";
import { BENCH_INVESTOR_EMAIL, drive, seedCatalogue, standardPages, startBenchServer } from "./http-bench";
import { cpuSeconds } from "./proc-cpu";

const ROUNDS = Number(process.env.PAGE_AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.PAGE_AB_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.PAGE_AB_CONCURRENCY ?? 20);
const WORKERS = Number(process.env.PAGE_AB_WORKERS ?? 1);
// Before each round's window: 1 s at 4 connections, or (above 1) that many seconds at the measured load.
const WARMUP_SECONDS = Number(process.env.PAGE_AB_WARMUP_SECONDS ?? 1);

type Variant = { name: string; base: string; pid: number; stop: () => Promise<void> };
type Page = { label: string; path: string; cookie: string };
type Round = { micros: number; rps: number; p99: number };

async function main(): Promise<number> {
  const before = process.env.PAGE_AB_BEFORE;
  if (!before || !existsSync(resolve(before, "build/server/index.js"))) {
    console.error("PAGE_AB_BEFORE must name another checkout with its own build (npm run build there).");
    return 1;
  }
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "pageab");
    try {
      await seedCatalogue(database.url, 1000);
      const sessionSecret = randomBytes(32).toString("hex");
      const cookie = (await standardPages(database.url, sessionSecret, 5000)).find((page) => page.path === "/invest/bench-1")!.cookie!;
      await seedAlerts(database.url, Number(process.env.PAGE_AB_ALERTS ?? 0));
      const pages = pagesToCompare(cookie);
      const variants: Variant[] = [];
      try {
        for (const [name, cwd, flags, env] of [
          ["before", before, process.env.PAGE_AB_BEFORE_NODE_ARGS, process.env.PAGE_AB_BEFORE_ENV],
          ["after", undefined, process.env.PAGE_AB_NODE_ARGS, process.env.PAGE_AB_ENV],
        ] as const) {
          // Either side given flags: both start as `node [flags] --import tsx`, so only the flags differ.
          const anyFlags = Boolean(process.env.PAGE_AB_NODE_ARGS || process.env.PAGE_AB_BEFORE_NODE_ARGS);
          const nodeArgs = anyFlags ? (flags ?? "").split(" ").filter(Boolean) : undefined;
          const app = await startBenchServer(database.url, {
            sessionSecret,
            workers: WORKERS,
            ...(WORKERS === 1 ? { cpus: "0" } : {}),
            ...(cwd ? { cwd } : {}),
            ...(nodeArgs ? { nodeArgs } : {}),
            ...(env ? { env: settingsOf(env) } : {}),
          });
          variants.push({ name, ...app });
        }
        for (const page of pages) await compareHtml(page, variants);
        for (const page of pages) await compare(page, variants);
      } finally {
        await Promise.all(variants.map((variant) => variant.stop()));
      }
      return 0;
    } finally {
      await database.drop().catch(() => undefined);
    }
  } finally {
    await server.stop();
  }
}

/** "NAME=value NAME=value" as an environment. */
function settingsOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(" ")
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        if (at < 1) throw new Error(`PAGE_AB_ENV and PAGE_AB_BEFORE_ENV take NAME=value pairs, not "${pair}"`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/** Unread alerts of the length a payout's runs to, newest first, as an active investor's bell holds. */
async function seedAlerts(url: string, count: number): Promise<void> {
  if (count <= 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO user_alerts (user_id, alert_type, title, message, property_id, created_at)
       SELECT p.user_id, 'funds_added', 'Distribution received',
              'Your share of the quarter''s rental income from bench-' || (1 + g % 600) || ' has reached your wallet: '
                || 'the gross amount, the tax withheld under section 194-LBA and the net credit are on your statement.',
              'bench-' || (1 + g % 600), now() - make_interval(hours => g)
         FROM user_profiles p, generate_series(1, $2::int) AS g
        WHERE p.email = $1`,
      [BENCH_INVESTOR_EMAIL, count],
    );
  } finally {
    await client.end();
  }
}

function pagesToCompare(cookie: string): Page[] {
  const rendered = "bench_render=every-request";
  const pages: Page[] = [
    { label: "/terms signed in (the frame)", path: "/terms", cookie: `${cookie}; ${rendered}` },
    { label: "/invest/bench-1", path: "/invest/bench-1", cookie },
    { label: "/dashboard/overview rendered", path: "/dashboard/overview", cookie: `${cookie}; ${rendered}` },
    { label: "/dashboard/transactions", path: "/dashboard/transactions", cookie },
    { label: "/fees signed in", path: "/fees", cookie },
    { label: "/dashboard/statements", path: "/dashboard/statements", cookie },
    { label: "/dashboard/plans", path: "/dashboard/plans", cookie },
  ];
  const only = process.env.PAGE_AB_ONLY?.split(",").filter(Boolean);
  return only ? pages.filter((page) => only.some((word) => page.label.includes(word))) : pages;
}

/** Whether both builds answer the page with the same HTML, per-render values aside: a change meant to be invisible shows that it is. */
async function compareHtml(page: Page, variants: Variant[]): Promise<void> {
  const pages = await Promise.all(
    variants.map(async (variant) => {
      const response = await fetch(`${variant.base}${page.path}`, { headers: { Cookie: page.cookie } });
      // Each render's own: the CSP nonce and a form's fresh idempotency key, in its field and in
      // the loader's data the page carries for hydration.
      return (await response.text())
        .replace(/nonce="[^"]*"/g, 'nonce=""')
        .replace(/name="idempotencyKey" value="[^"]*"/g, 'name="idempotencyKey"')
        .replace(/\\"(idempotencyKey|formKey)\\",\\"[0-9a-f-]{36}\\"/g, '\\"$1\\"');
    }),
  );
  const [first, second] = pages as [string, string];
  let at = 0;
  while (at < first.length && first[at] === second[at]) at++;
  const same = first === second;
  console.log(
    same
      ? `${page.label}: the same HTML from both builds (${first.length} characters)`
      : `${page.label}: the HTML differs from character ${at} (${first.length} against ${second.length}):\n  before …${first.slice(Math.max(0, at - 60), at + 120)}\n  after  …${second.slice(Math.max(0, at - 60), at + 120)}`,
  );
}

async function compare(page: Page, variants: Variant[]): Promise<void> {
  const rounds = new Map<string, Round[]>(variants.map((variant) => [variant.name, []]));
  const headers = { Cookie: page.cookie };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const url = `${variant.base}${page.path}`;
      await drive(url, WARMUP_SECONDS > 1 ? CONCURRENCY : 4, WARMUP_SECONDS, headers); // warm-up
      const isApp = (_: string, _pid: number, group: number) => group === variant.pid;
      const cpu0 = cpuSeconds(isApp);
      const result = await drive(url, CONCURRENCY, SECONDS, headers);
      const cpu1 = cpuSeconds(isApp);
      const unexpected = Object.keys(result.statuses).filter((status) => status !== "200");
      if (unexpected.length > 0 || result.requests === 0)
        throw new Error(`${variant.name} ${page.path} answered ${JSON.stringify(result.statuses)}`);
      rounds.get(variant.name)!.push({
        micros: Math.round(((cpu1 - cpu0) / result.requests) * 1e6),
        rps: result.rps,
        p99: result.latencyMs.p99,
      });
    }
  }
  console.log(`\n${page.label} (${ROUNDS} rounds of ${SECONDS} s, ${CONCURRENCY} connections)`);
  console.log("| build | app µs a request, median | req/s, median | p99 ms, median | app µs, each round | p99 ms, each round |");
  console.log("|---|---:|---:|---:|---|---|");
  for (const [name, figures] of rounds) {
    const micros = figures.map((figure) => figure.micros);
    const p99s = figures.map((figure) => figure.p99);
    console.log(
      `| ${name} | ${median(micros)} | ${median(figures.map((figure) => figure.rps))} | ${median(p99s)} | ${micros.join(", ")} | ${p99s.join(", ")} |`,
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 10) / 10;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

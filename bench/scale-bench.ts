import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { benchSessionCookie, startBenchServer } from "./http-bench";
import { createFreshDatabase, openBenchServer, withDatabase } from "./database";
import { SCALE_SIZES, growPlatform, type ScaleSize } from "./scale-grow";
import { markdownTable, round } from "./stats";

/**
 * `npm run bench:scale [-- --size=quick|medium|full]`: every main page, public, investor and admin,
 * plus a purchase and the exports, timed on the demo seed and on a platform grown to the
 * target size through the app's own money functions (issue 37). Each figure is the median of
 * five sequential requests after a warm-up. A bench, not a test: it prints the table with the
 * growth ratios and writes it to bench/results.
 */
type Measured = { label: string; ms: number; bytes: number };

const RUNS = 5;

async function time(base: string, path: string, cookie?: string): Promise<{ ms: number; bytes: number }> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  await once();
  const samples: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await once());
  samples.sort((a, b) => a.ms - b.ms);
  return samples[Math.floor(RUNS / 2)]!;
}

/** Resident memory, in MB, of every process in the server's process group (the bench starts it as its own group). */
function groupRssMb(pgid: number): number {
  const result = spawnSync("ps", ["-o", "rss=", "-g", String(pgid)], { encoding: "utf8" });
  return result.stdout.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
}

/**
 * Samples the server's memory every 100 ms while a download runs, to show an export streams:
 * the most it grew over what it used before, in MB.
 */
function watchMemory(pgid: number) {
  const before = groupRssMb(pgid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, groupRssMb(pgid))), 100);
  return {
    stop: async () => {
      clearInterval(timer);
      return peak - before;
    },
  };
}

async function userId(url: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("SELECT user_id::text AS id FROM user_profiles WHERE email = $1", [email]);
    if (!rows[0]) throw new Error(`no user ${email}`);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** The purchase's database cost: `purchase_shares` for one share, median of five, rolled back each time. */
async function timePurchase(url: string, investorEmail: string, propertyId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const samples: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      await client.query("BEGIN");
      const started = performance.now();
      await client.query(
        `SELECT r.* FROM properties p,
                LATERAL purchase_shares((SELECT user_id FROM user_profiles WHERE email = $1), p.id, 1, $3, $3, p.share_price,
                  p.minimum_investment, p.maximum_investment, p.title, p.share_price, round(p.share_price * 0.02, 2), 'bench', 'bench') r
          WHERE p.id = $2`,
        [investorEmail, propertyId, `scale-bench-purchase:${randomBytes(6).toString("hex")}`],
      );
      if (i > 0) samples.push(performance.now() - started);
      await client.query("ROLLBACK");
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(RUNS / 2)]!;
  } finally {
    await client.end();
  }
}

async function measure(url: string, grown: boolean, size: ScaleSize): Promise<Measured[]> {
  const secret = randomBytes(32).toString("hex");
  const server = await startBenchServer(url, { sessionSecret: secret, workers: 1 });
  try {
    const admin = await benchSessionCookie(url, secret, await userId(url, "admin@demo.aangan.in"));
    const busyEmail = grown ? "scale-1@example.in" : "large@demo.aangan.in";
    const investor = await benchSessionCookie(url, secret, await userId(url, busyEmail));
    const pages = Math.max(1, Math.floor((grown ? size.purchases : 80) / 25 / 10));
    const userPages = Math.max(1, Math.floor((grown ? size.investors : 27) / 25 / 10));
    const search = grown ? "scale-77" : "investor1";
    const busyProperty = grown ? "scale-1" : await anyOpenProperty(url);
    const list: { label: string; path: string; cookie?: string; memory?: boolean }[] = [
      { label: "/properties", path: "/properties" },
      { label: "/invest (busy property)", path: `/invest/${busyProperty}`, cookie: investor },
      { label: "/trading", path: "/trading", cookie: investor },
      { label: "/dashboard/overview (rendered)", path: "/dashboard/overview", cookie: `${investor}; bench_render=every-request` },
      { label: "/dashboard/transactions", path: "/dashboard/transactions", cookie: investor },
      { label: "/dashboard/statements", path: "/dashboard/statements", cookie: investor },
      { label: "/dashboard/statements/account.pdf", path: "/dashboard/statements/account.pdf", cookie: investor },
      { label: "/admin", path: "/admin", cookie: admin },
      { label: "/admin/investments", path: "/admin/investments", cookie: admin },
      { label: "/admin/investments?q=", path: `/admin/investments?q=${search}`, cookie: admin },
      { label: "/admin/investments (deep page)", path: `/admin/investments?page=${pages}`, cookie: admin },
      { label: "/admin/users", path: "/admin/users", cookie: admin },
      { label: "/admin/users?q=", path: `/admin/users?q=${search}`, cookie: admin },
      { label: "/admin/users (deep page)", path: `/admin/users?page=${userPages}`, cookie: admin },
      { label: "/admin/share-trading", path: "/admin/share-trading", cookie: admin },
      { label: "/admin/support", path: "/admin/support", cookie: admin },
      { label: "/dashboard/statements/tax-pack.pdf", path: "/dashboard/statements/tax-pack.pdf", cookie: investor },
      { label: "/dashboard/statements/capital-gains.csv", path: "/dashboard/statements/capital-gains.csv", cookie: investor },
      { label: "/dashboard/statements/holdings.csv", path: "/dashboard/statements/holdings.csv", cookie: investor },
      { label: "/dashboard/data-export.zip", path: "/dashboard/data-export.zip", cookie: investor },
      { label: "/admin/analytics.csv (every user)", path: "/admin/analytics.csv", cookie: admin, memory: true },
    ];
    const results: Measured[] = [];
    for (const page of list) {
      try {
        const probe = page.memory ? watchMemory(server.pid) : null;
        const timed = await time(server.base, page.path, page.cookie);
        const grewMb = probe ? await probe.stop() : null;
        results.push({
          label: grewMb === null ? page.label : `${page.label}, server resident size +${round(grewMb)} MB at its peak`,
          ...timed,
        });
      } catch (error) {
        results.push({ label: `${page.label} (${(error as Error).message})`, ms: Number.NaN, bytes: 0 });
      }
    }
    results.push({ label: "purchase (purchase_shares)", ms: await timePurchase(url, busyEmail, busyProperty), bytes: 0 });
    return results;
  } finally {
    await server.stop();
  }
}

async function anyOpenProperty(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT p.id FROM properties p LEFT JOIN investments i ON i.property_id = p.id
        WHERE p.property_status = 'open' GROUP BY p.id ORDER BY count(i.*) DESC LIMIT 1`,
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

function seedDemo(url: string) {
  const result = spawnSync("node_modules/.bin/tsx", ["prisma/seed.ts"], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "development" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`the demo seed failed (exit ${result.status})`);
}

function ledgerCheck(url: string): { ok: boolean; seconds: number } {
  const started = performance.now();
  const result = spawnSync("node_modules/.bin/tsx", ["scripts/ledger-check.ts"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { ok: result.status === 0, seconds: round((performance.now() - started) / 1000) };
}

async function main() {
  const sizeName = (process.argv.find((arg) => arg.startsWith("--size="))?.slice(7) ?? "full") as keyof typeof SCALE_SIZES;
  const size = SCALE_SIZES[sizeName];
  if (!size) throw new Error("--size must be quick, medium or full");
  if (!existsSync("build/server/index.js")) throw new Error("no production build: run npm run build first");
  const bench = await openBenchServer();
  const log = (line: string) => console.log(line);
  // Growing the full size takes about an hour; --keep-grown keeps that database (on a
  // BENCH_DATABASE_URL server) and --grown-db=<name> times it again later, so the growing can
  // share the machine and the timing can wait for a quiet one.
  const keepGrown = process.argv.includes("--keep-grown");
  const reuse = process.argv.find((arg) => arg.startsWith("--grown-db="))?.slice(11);
  if ((keepGrown || reuse) && !process.env.BENCH_DATABASE_URL) throw new Error("--keep-grown and --grown-db need BENCH_DATABASE_URL");
  if (reuse && !/^aangan_bench_scale_grown_[0-9a-f]{8}$/.test(reuse)) throw new Error("--grown-db must name a kept scale database");
  const demo = await createFreshDatabase(bench.adminUrl, "scale_demo");
  const grown = reuse
    ? { name: reuse, url: withDatabase(bench.adminUrl, reuse), drop: async () => undefined }
    : await createFreshDatabase(bench.adminUrl, "scale_grown");
  try {
    log(
      `Scale bench (${sizeName}: ${size.investors} investors, ${size.properties} properties, ${size.purchases} purchases) on ${bench.origin}`,
    );
    seedDemo(demo.url);
    if (reuse) log(`  timing the kept platform ${reuse}`);
    else {
      seedDemo(grown.url);
      await growPlatform(grown.url, size, 2, log);
      if (keepGrown) log(`  kept as ${grown.name}: time it again with --grown-db=${grown.name}`);
    }
    const check = ledgerCheck(grown.url);
    log(`ledger:check on the grown platform: ${check.ok ? "OK" : "FAILED"} in ${check.seconds} s`);
    const atDemo = await measure(demo.url, false, size);
    const atScale = await measure(grown.url, true, size);
    const rows = atDemo.map((small, i) => {
      const big = atScale[i]!;
      const growth = big.ms / small.ms;
      return [
        big.label,
        `${round(small.ms)} ms`,
        `${round(big.ms)} ms${big.bytes ? `, ${round(big.bytes / 1024)} KB` : ""}`,
        Number.isFinite(growth) ? `${round(growth)}×` : "—",
      ];
    });
    const table = markdownTable([["page", "demo seed", `${sizeName} size`, "growth"], ...rows]);
    console.log(`\n${table}\n\nledger:check ${check.ok ? "OK" : "FAILED"} (${check.seconds} s)`);
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/scale-${sizeName}-${new Date().toISOString().slice(0, 10)}.md`;
    writeFileSync(file, `${table}\n\nledger:check ${check.ok ? "OK" : "FAILED"} in ${check.seconds} s\n`);
    log(`written to ${file}`);
  } finally {
    await demo.drop();
    if (!keepGrown && !reuse) await grown.drop();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// `npx tsx bench/profile-pages.ts`: where a rendered signed-in page's time goes (issue 32).
// One server process pinned to CPU 0 with V8's sampling profiler on, the load on the other
// CPUs; each page is driven for PROFILE_SECONDS (default 15) against its own server start,
// and its CPU profile is folded into categories by the code that was running (self time).
// Prints one table per page and, with PROFILE_OUT, keeps the raw .cpuprofile files there.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDatabase, openBenchServer } from "./database";
import { drive, seedCatalogue, standardPages, startBenchServer } from "./http-bench";
import { foldProfile, type CpuProfile } from "./profile-fold";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 50);

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "profile");
    try {
      await seedCatalogue(database.url, 1000);
      const sessionSecret = randomBytes(32).toString("hex");
      const pages = await standardPages(database.url, sessionSecret, 5000);
      const cookie = pages.find((page) => page.path === "/invest/bench-1")!.cookie!;
      const targets = [
        { label: "/healthz", path: "/healthz", cookie: undefined as string | undefined },
        // The public frame around a page with no data: what every page costs before its own reads.
        { label: "/terms (the frame, no data)", path: "/terms", cookie: "bench_render=every-request" },
        { label: "/fees (signed in)", path: "/fees", cookie },
        { label: "/dashboard/overview (rendered)", path: "/dashboard/overview", cookie: `${cookie}; bench_render=every-request` },
        { label: "/invest/bench-1 (signed in)", path: "/invest/bench-1", cookie },
        { label: "/dashboard/transactions", path: "/dashboard/transactions", cookie },
        // PROFILE_EXTRA="/dashboard/statements,/premium": more pages, signed in as the bench investor.
        ...(process.env.PROFILE_EXTRA ?? "")
          .split(",")
          .filter(Boolean)
          .map((extra) => ({ label: `${extra} (signed in)`, path: extra, cookie: cookie as string | undefined })),
      ].filter((target) => !process.env.PROFILE_ONLY || process.env.PROFILE_ONLY.split(",").some((only) => target.label.includes(only)));
      for (const target of targets) {
        const dir = process.env.PROFILE_OUT
          ? path.join(process.env.PROFILE_OUT, target.label.replace(/[^a-z0-9]+/gi, "-"))
          : mkdtempSync(path.join(os.tmpdir(), "aangan-profile-"));
        const spawnedAt = performance.now();
        const app = await startBenchServer(database.url, {
          sessionSecret,
          workers: 1,
          cpus: "0",
          // PROFILE_NODE_ARGS="--flag …": a runtime setting to compare (as page-cost.ts's PAGE_COST_NODE_ARGS).
          nodeArgs: [
            ...(process.env.PROFILE_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
            "--cpu-prof",
            `--cpu-prof-dir=${dir}`,
            "--cpu-prof-interval=500",
          ],
        });
        let result;
        let loadFrom = 0;
        try {
          const headers: Record<string, string> = target.cookie ? { Cookie: target.cookie } : {};
          await drive(`${app.base}${target.path}`, 4, 2, headers);
          loadFrom = (performance.now() - spawnedAt) * 1000;
          result = await drive(`${app.base}${target.path}`, CONCURRENCY, SECONDS, headers);
        } finally {
          await app.stop();
        }
        const largest = readdirSync(dir)
          .filter((name) => name.endsWith(".cpuprofile"))
          .map((name) => path.join(dir, name))
          .sort((a, b) => statSync(b).size - statSync(a).size)[0];
        console.log(
          `\n## ${target.label}: ${result.rps} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, statuses ${JSON.stringify(result.statuses)}; server-timing ${JSON.stringify(result.serverTiming ?? {})}`,
        );
        if (!largest) {
          console.log("no profile written");
          continue;
        }
        const folded = foldProfile(JSON.parse(readFileSync(largest, "utf8")) as CpuProfile, loadFrom);
        const requests = result.requests;
        console.log("| where | share of CPU | µs per request |");
        console.log("|---|---:|---:|");
        for (const row of folded.rows) {
          console.log(`| ${row.category} | ${row.percent.toFixed(1)}% | ${Math.round(row.micros / requests)} |`);
        }
        console.log(`| busy in all | ${folded.busyPercent.toFixed(1)}% of the wall time | ${Math.round(folded.busyMicros / requests)} |`);
        if (process.env.PROFILE_TOP) {
          for (const fn of folded.topFunctions.slice(0, Number(process.env.PROFILE_TOP))) {
            console.log(`   ${fn.percent.toFixed(1)}%  ${fn.name}  ${fn.where}  [${fn.category}]`);
          }
        }
        if (!process.env.PROFILE_OUT) rmSync(dir, { recursive: true, force: true });
      }
      return 0;
    } finally {
      await database.drop().catch(() => undefined);
    }
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

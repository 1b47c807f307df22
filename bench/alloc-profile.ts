// `npx tsx bench/alloc-profile.ts`: what a rendered page allocates, by the function that
// allocated it (issue 32). A CPU profile shows garbage collection as one line; this shows whose
// garbage it is. One worker pinned to CPU 0 (server.ts then serves in its own process), where
// bench/alloc-sampler.mjs runs V8's sampling heap profiler, counting every sampled allocation,
// collected or not, while the page is driven at 50 connections. Prints the largest allocators (self bytes a request) and, with ALLOC_OUT, keeps the
// raw .heapprofile. ALLOC_ONLY picks the page by a part of its label, as PROFILE_ONLY does.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDatabase, openBenchServer } from "./database";
import { drive, seedCatalogue, standardPages, startBenchServer } from "./http-bench";

const SECONDS = Number(process.env.ALLOC_SECONDS ?? 10);

type SamplingNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
};

function fold(root: SamplingNode) {
  const bySite = new Map<string, number>();
  let total = 0;
  const visit = (node: SamplingNode) => {
    const frame = node.callFrame;
    const site = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/.*node_modules\//, "").replace(/.*\/build\//, "build/")}:${frame.lineNumber + 1}`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) visit(child);
  };
  visit(root);
  return { total, sites: [...bySite].sort((a, b) => b[1] - a[1]) };
}

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "alloc");
    try {
      await seedCatalogue(database.url, 1000);
      const sessionSecret = randomBytes(32).toString("hex");
      const pages = await standardPages(database.url, sessionSecret, 5000);
      const cookie = pages.find((page) => page.path === "/invest/bench-1")!.cookie!;
      const targets = [
        { label: "/terms (the frame, no data)", path: "/terms", cookie: "bench_render=every-request" },
        { label: "/dashboard/overview (rendered)", path: "/dashboard/overview", cookie: `${cookie}; bench_render=every-request` },
        { label: "/invest/bench-1 (signed in)", path: "/invest/bench-1", cookie },
        { label: "/dashboard/transactions", path: "/dashboard/transactions", cookie },
      ].filter((target) => !process.env.ALLOC_ONLY || target.label.includes(process.env.ALLOC_ONLY));
      for (const target of targets) {
        const dir = process.env.ALLOC_OUT ?? mkdtempSync(path.join(os.tmpdir(), "aangan-alloc-"));
        const file = path.join(dir, `${target.path.replace(/\W+/g, "-")}.heapprofile`);
        rmSync(file, { force: true }); // an earlier run's, which the wait below would take for this one
        const app = await startBenchServer(database.url, {
          sessionSecret,
          workers: 1,
          cpus: "0",
          env: { ALLOC_PROFILE_FILE: file },
          nodeArgs: ["--import", "./bench/alloc-sampler.mjs"],
        });
        let result;
        let profile: { head: SamplingNode };
        try {
          const headers: Record<string, string> = { Cookie: target.cookie };
          await drive(`${app.base}${target.path}`, 4, 2, headers);
          process.kill(app.pid, "SIGUSR2");
          result = await drive(`${app.base}${target.path}`, 50, SECONDS, headers);
          process.kill(app.pid, "SIGUSR2");
          for (let waited = 0; !existsSync(file) && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 100));
          profile = JSON.parse(readFileSync(file, "utf8")) as { head: SamplingNode };
        } finally {
          await app.stop();
          if (!process.env.ALLOC_OUT) rmSync(dir, { recursive: true, force: true });
        }
        const { total, sites } = fold(profile.head);
        console.log(`\n## ${target.label}: ${result.rps} req/s; ${Math.round(total / result.requests / 1024)} KiB allocated a request`);
        console.log("| allocated in | KiB a request | share |");
        console.log("|---|---:|---:|");
        for (const [site, bytes] of sites.slice(0, Number(process.env.ALLOC_TOP ?? 30))) {
          console.log(`| ${site} | ${(bytes / result.requests / 1024).toFixed(1)} | ${((100 * bytes) / total).toFixed(1)}% |`);
        }
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

// `npx tsx bench/pages-only.ts`: only the page measurements (GET /properties, /invest/{id},
// /dashboard/overview of an investor with 5,000 transactions, /fees signed in, next to /healthz), with the
// mean Server-Timing of each, for a quick before/after. BENCH_WORKERS sets WEB_CONCURRENCY,
// BENCH_PAGE_WARMUP_SECONDS the load before each window (default 15, as npm run bench).
import { randomBytes } from "node:crypto";
import { createFreshDatabase, openBenchServer } from "./database";
import { runPageBench, seedCatalogue, standardPages } from "./http-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "pages");
    try {
      await seedCatalogue(database.url, 1000);
      const sessionSecret = randomBytes(32).toString("hex");
      const pages = await runPageBench(database.url, {
        concurrency: 50,
        seconds: SECONDS,
        propertiesSeeded: 1000,
        sessionSecret,
        pages: await standardPages(database.url, sessionSecret, 5000),
        workers: process.env.BENCH_WORKERS ? Number(process.env.BENCH_WORKERS) : undefined,
      });
      if (pages.ran) {
        for (const page of pages.pages) {
          console.log(
            `${page.label ?? page.path}: ${page.rps} req/s ${JSON.stringify(page.statuses)} ${JSON.stringify(page.pageCache ?? {})} p50 ${page.latencyMs.p50} p99 ${page.latencyMs.p99} ms; server-timing ${JSON.stringify(page.serverTiming ?? {})}`,
          );
        }
      } else console.log(pages.reason);
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

// `npx tsx bench/pages-only.ts`: only the page measurements (GET /properties, /invest/{id},
// /dashboard/overview next to /healthz), with the mean Server-Timing of each, for a quick before/after.
import { createFreshDatabase, openBenchServer } from "./database";
import { runPageBench, seedCatalogue } from "./http-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "pages");
    try {
      await seedCatalogue(database.url, 1000);
      const pages = await runPageBench(database.url, { concurrency: 50, seconds: SECONDS, propertiesSeeded: 1000 });
      console.log(JSON.stringify(pages, null, 2));
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

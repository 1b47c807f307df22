// `npx tsx bench/market-only.ts`: only the market measurement (holds created and settled per
// second under 50 concurrent traders, with its safety counts), for a quick before/after.
import { createFreshDatabase, openBenchServer } from "./database";
import { marketUnsafeCount, runMarketBench } from "./market-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "market");
    try {
      const market = await runMarketBench(database.url, { traders: Number(process.env.BENCH_TRADERS ?? 50), seconds: SECONDS });
      console.log(JSON.stringify({ ...market, unsafe: marketUnsafeCount(market) }, null, 2));
      return marketUnsafeCount(market) === 0 ? 0 : 1;
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

// `npx tsx bench/purchase-cost.ts`: what one purchase costs in CPU, split between this process
// (the app's domain code and its pg client) and PostgreSQL's processes, read from /proc around
// the purchase bench's timed run.
import { createFreshDatabase, openBenchServer } from "./database";
import { cpuSeconds, isPostgres } from "./proc-cpu";
import { runPurchaseBench } from "./purchase-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "purchasecost");
    try {
      if (process.env.PURCHASE_COST_SQL) {
        const { default: pg } = await import("pg");
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const listed = await client.query(process.env.PURCHASE_COST_SQL);
        for (const r of [listed].flat()) if (r.rows?.length) console.log(JSON.stringify(r.rows));
        await client.end();
      }
      const isSelf = (_: string, pid: number) => pid === process.pid;
      let marks: [number, number] | undefined;
      const result = await runPurchaseBench(database.url, {
        buyers: 50,
        seconds: SECONDS,
        onTimedRun: (phase) => {
          if (phase === "start") marks = [cpuSeconds(isSelf), cpuSeconds(isPostgres)];
          else if (marks) marks = [cpuSeconds(isSelf) - marks[0], cpuSeconds(isPostgres) - marks[1]];
        },
      });
      const [app, db] = marks!;
      console.log(
        JSON.stringify({
          purchasesPerSecond: result.tps,
          attempts: result.attempts,
          p99: result.latencyMs.p99,
          appUsPerAttempt: Math.round((app * 1e6) / result.attempts),
          postgresUsPerAttempt: Math.round((db * 1e6) / result.attempts),
        }),
      );
    } finally {
      await database.drop();
    }
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

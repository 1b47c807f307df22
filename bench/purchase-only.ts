// `npx tsx bench/purchase-only.ts`: only the purchase measurement and its pgbench yardstick
// (no HTTP pages), for comparing a change to the money path before and after.
import os from "node:os";
import { createFreshDatabase, openBenchServer } from "./database";
import { runPgbench } from "./pgbench";
import { runPurchaseBench } from "./purchase-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = 50;
const APP_POOL_SIZE = 10;

async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "purchase");
    try {
      const purchase = await runPurchaseBench(database.url, { buyers: BUYERS, seconds: SECONDS });
      const pgbench = await runPgbench(database.url, { clients: APP_POOL_SIZE, seconds: SECONDS, scale: APP_POOL_SIZE });
      console.log(
        JSON.stringify(
          {
            seconds: SECONDS,
            purchasesPerSecond: purchase.tps,
            latencyMs: purchase.latencyMs,
            attempts: purchase.attempts,
            refusals: purchase.refusals,
            unsafe: purchase.oversoldProperties + purchase.overdrawnWallets + purchase.ledgerProblems + purchase.unexpectedErrors,
            pgbenchTps: pgbench.available ? Math.round(pgbench.tps * 10) / 10 : pgbench.reason,
            loadavg: os.loadavg().map((l) => Math.round(l * 10) / 10),
          },
          null,
          2,
        ),
      );
      const unsafe = purchase.oversoldProperties + purchase.overdrawnWallets + purchase.ledgerProblems + purchase.unexpectedErrors;
      return unsafe === 0 ? 0 : 1;
    } finally {
      await database.drop();
    }
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(2);
  },
);

// `npx tsx bench/deposit-only.ts`: only the gateway-deposit bench, next to pgbench, on a fresh database.
import { createFreshDatabase, openBenchServer } from "./database";
import { runDepositBench } from "./deposit-bench";
import { runPgbench } from "./pgbench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const server = await openBenchServer();
  const db = await createFreshDatabase(server.adminUrl, "deposits");
  try {
    const deposits = await runDepositBench(db.url, { payers: 50, seconds: SECONDS });
    const pgbench = await runPgbench(db.url, { clients: 10, seconds: SECONDS, scale: 10 });
    console.log(JSON.stringify({ deposits, pgbench }, null, 2));
  } finally {
    await db.drop();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

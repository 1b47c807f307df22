// `npm run bench:order-book`: only the order book's figure next to pgbench, on fresh databases (a quick look when the
// whole `npm run bench` is too long). BENCH_SECONDS sets the length. Exits 1 if a safety count is not 0.
import { createFreshDatabase, openBenchServer } from "./database";
import { orderBookRows, orderBookUnsafeCount, runOrderBookBench } from "./order-book-bench";
import { runPgbench } from "./pgbench";
import { markdownTable } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TRADERS = 50;
const APP_POOL_SIZE = 10;

async function main(): Promise<number> {
  const server = await openBenchServer();
  const databases: { drop: () => Promise<void> }[] = [];
  try {
    const bookDb = await createFreshDatabase(server.adminUrl, "order_book");
    databases.push(bookDb);
    console.log(`order book: ${TRADERS} concurrent traders, ${SECONDS}s ...`);
    const orderBook = await runOrderBookBench(bookDb.url, { traders: TRADERS, seconds: SECONDS });
    console.log("pgbench TPC-B on the same database ...");
    const pgbench = await runPgbench(bookDb.url, { clients: APP_POOL_SIZE, seconds: SECONDS, scale: APP_POOL_SIZE });
    const cell = pgbench.available ? `${pgbench.tps.toFixed(1)} tps` : `n/a: ${pgbench.reason}`;
    const header = ["measure", "value", "p50 / p99 ms", "baseline", "ratio"];
    const rows = [header, ...orderBookRows(orderBook, { tps: pgbench.available ? pgbench.tps : undefined, cell })];
    console.log(`\n${markdownTable(rows)}`);
    return orderBookUnsafeCount(orderBook) === 0 ? 0 : 1;
  } finally {
    for (const database of databases) await database.drop().catch(() => undefined);
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

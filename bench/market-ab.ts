// `npx tsx bench/market-ab.ts`: the market bench (50 traders: hold, both confirms, settle) on two
// variants of the database, alternating round by round on one PostgreSQL so a slow minute of a
// shared host lands on both. MARKET_AB_A and MARKET_AB_B are SQL (text, or @file) applied to each
// round's fresh, migrated database before the run, e.g. a function's old and new definition;
// either may be empty (the database as migrated). Prints settled holds a second per round and the
// medians. The concurrent market bench moves by ±15% between single runs on a two-CPU host.
import { readFileSync } from "node:fs";
import pg from "pg";
import { createFreshDatabase, openBenchServer } from "./database";
import { marketUnsafeCount, runMarketBench } from "./market-bench";

const ROUNDS = Number(process.env.MARKET_AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.MARKET_AB_SECONDS ?? 8);
const sqlOf = (value: string | undefined) => (value?.startsWith("@") ? readFileSync(value.slice(1), "utf8") : (value ?? ""));
const VARIANTS = { a: sqlOf(process.env.MARKET_AB_A), b: sqlOf(process.env.MARKET_AB_B) };

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function applySql(url: string, sql: string) {
  if (!sql.trim()) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const server = await openBenchServer();
  const settled: Record<"a" | "b", number[]> = { a: [], b: [] };
  let unsafe = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order: ("a" | "b")[] = round % 2 === 0 ? ["a", "b"] : ["b", "a"];
      for (const variant of order) {
        const database = await createFreshDatabase(server.adminUrl, `marketab_${variant}`);
        try {
          await applySql(database.url, VARIANTS[variant]);
          const result = await runMarketBench(database.url, { traders: Number(process.env.BENCH_TRADERS ?? 50), seconds: SECONDS });
          unsafe += marketUnsafeCount(result);
          settled[variant].push(result.settledPerSecond);
          console.log(`round ${round + 1} ${variant}: ${result.settledPerSecond} settled/s, unsafe ${marketUnsafeCount(result)}`);
        } finally {
          await database.drop().catch(() => undefined);
        }
      }
    }
  } finally {
    await server.stop();
  }
  const higher = settled.b.filter((value, i) => value > settled.a[i]!).length;
  console.log(`median settled/s: a ${median(settled.a)}, b ${median(settled.b)}; b higher in ${higher} of ${ROUNDS} rounds`);
  return unsafe === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

// Alternating A/B of two variants of the database (SQL applied to each round's fresh, migrated
// database), round by round on one PostgreSQL so a slow minute of a shared host lands on both.
// AB_A and AB_B (or the bench's own prefix, e.g. MARKET_AB_A) are SQL, as text or @file; either
// may be empty (the database as migrated); <PREFIX>_ROUNDS (6) and <PREFIX>_SECONDS (8) set the
// rounds and each run's length. Used by market-ab.ts and purchase-ab.ts.
import { readFileSync } from "node:fs";
import pg from "pg";
import { createFreshDatabase, openBenchServer } from "./database";

type Variant = "a" | "b";
export type AbMeasure = (url: string, seconds: number) => Promise<{ value: number; unsafe: number }>;

const sqlOf = (value: string | undefined) => (value?.startsWith("@") ? readFileSync(value.slice(1), "utf8") : (value ?? ""));

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

/** Runs `rounds` alternating rounds (a then b, then b then a, ...) and prints each and the medians. Returns the unsafe total. */
export async function runSqlAb(options: { prefix: string; label: string; unit: string; measure: AbMeasure }) {
  const env = (name: string) => process.env[`${options.prefix}_${name}`] ?? process.env[`AB_${name}`];
  const rounds = Number(env("ROUNDS") ?? 6);
  const seconds = Number(env("SECONDS") ?? 8);
  const variants: Record<Variant, string> = { a: sqlOf(env("A")), b: sqlOf(env("B")) };
  const values: Record<Variant, number[]> = { a: [], b: [] };
  let unsafe = 0;
  const server = await openBenchServer();
  try {
    for (let round = 0; round < rounds; round++) {
      const order: Variant[] = round % 2 === 0 ? ["a", "b"] : ["b", "a"];
      for (const variant of order) {
        const database = await createFreshDatabase(server.adminUrl, `${options.label}_${variant}`);
        try {
          await applySql(database.url, variants[variant]);
          const result = await options.measure(database.url, seconds);
          unsafe += result.unsafe;
          values[variant].push(result.value);
          console.log(`round ${round + 1} ${variant}: ${result.value} ${options.unit}, unsafe ${result.unsafe}`);
        } finally {
          await database.drop().catch(() => undefined);
        }
      }
    }
  } finally {
    await server.stop();
  }
  const higher = values.b.filter((value, i) => value > values.a[i]!).length;
  const shown = (values: number[]) => Math.round(median(values) * 10) / 10;
  console.log(`median ${options.unit}: a ${shown(values.a)}, b ${shown(values.b)}; b higher in ${higher} of ${rounds} rounds`);
  return unsafe;
}

export function exitWith(run: Promise<number>) {
  run.then(
    (unsafe) => process.exit(unsafe === 0 ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}

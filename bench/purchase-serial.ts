// `npx tsx bench/purchase-serial.ts`: what one purchase costs PostgreSQL, before and after a
// change to the database, told apart from a shared host's noise. The buyer is the page bench's
// investor (5,000 earlier purchases, on the page bench's catalogue, statistics gathered), buying
// one share at a time of a roomy property through `purchase_shares` itself, on one connection
// (pgbench -c1, asynchronous commit: the disk's flush is not the purchase's work). Two variants
// alternate, a few seconds each: PURCHASE_SERIAL_A and PURCHASE_SERIAL_B are SQL (text, or @file)
// applied before each of that side's runs, e.g. a function's old and new definition; either may be
// empty (the database as migrated). A concurrent bench moves by ±20% between runs on this host;
// a serial, alternating one moves by a few percent. Needs pgbench (postgresql-client).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { platformCash, userAvailable } from "~/domain/ledger/accounts.server";
import { createPrismaClient } from "~/services/db.server";
import { createFreshDatabase, openBenchServer } from "./database";
import { BENCH_INVESTOR_EMAIL, seedCatalogue, standardPages } from "./http-bench";
import { connectionArgs } from "./pgbench";

const run = promisify(execFile);
const ROUNDS = Number(process.env.PURCHASE_SERIAL_ROUNDS ?? 6);
const SECONDS = Number(process.env.PURCHASE_SERIAL_SECONDS ?? 3);
const sqlOf = (value: string | undefined) => (value?.startsWith("@") ? readFileSync(value.slice(1), "utf8") : (value ?? ""));
const VARIANTS = { a: sqlOf(process.env.PURCHASE_SERIAL_A), b: sqlOf(process.env.PURCHASE_SERIAL_B) };

async function seedBuyer(url: string): Promise<{ userId: string; propertyId: string }> {
  await seedCatalogue(url, 1000);
  await standardPages(url, randomBytes(32).toString("hex"), 5000);
  const prisma = createPrismaClient(url, { max: 1 });
  try {
    const buyer = await prisma.userProfile.findUniqueOrThrow({ where: { email: BENCH_INVESTOR_EMAIL }, select: { id: true } });
    const funds = "900000000000";
    await prisma.$transaction((tx) =>
      postJournal(tx, {
        kind: "deposit",
        description: "Bench funds",
        postings: [
          { account: userAvailable(buyer.id), amount: funds },
          { account: platformCash, amount: `-${funds}` },
        ],
      }),
    );
    const property = await prisma.property.create({
      data: {
        title: "Roomy property",
        city: "Pune",
        totalValue: "1000000000000",
        sharePrice: "1000",
        totalShares: 1_000_000_000,
        availableShares: 1_000_000_000,
        minimumInvestment: "1000",
        fundingGoal: "1000000000000",
        propertyStatus: "open",
      },
      select: { id: true },
    });
    return { userId: buyer.id, propertyId: property.id };
  } finally {
    await prisma.$disconnect();
  }
}

/** Mean latency of one purchase in ms over SECONDS of back-to-back purchases on one connection. */
async function purchaseLatency(url: string, script: string): Promise<number> {
  const { args, database, env } = connectionArgs(url);
  const { stdout } = await run("pgbench", ["-n", "-c1", `-T${SECONDS}`, "-f", script, ...args, database], {
    env: { ...env, PGOPTIONS: "-c synchronous_commit=off" },
  });
  if (!/number of failed transactions: 0 /.test(stdout)) throw new Error(`purchases failed:\n${stdout}`);
  const match = stdout.match(/latency average = ([\d.]+) ms/);
  if (!match) throw new Error(`pgbench printed no latency:\n${stdout}`);
  return Number(match[1]);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function main() {
  const server = await openBenchServer();
  const database = await createFreshDatabase(server.adminUrl, "purchaseserial");
  try {
    const { userId, propertyId } = await seedBuyer(database.url);
    const script = path.join(os.tmpdir(), `purchase-serial-${process.pid}.sql`);
    writeFileSync(
      script,
      `SELECT transaction_id FROM purchase_shares('${userId}', '${propertyId}', 1, gen_random_uuid()::text,
         'purchase:' || gen_random_uuid()::text, 1000, 1000, NULL, 'Roomy property', 1000, 20,
         '1 share of Roomy property', 'You bought 1 share', NULL);\n`,
    );
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const results: Record<"a" | "b", number[]> = { a: [], b: [] };
    try {
      await purchaseLatency(database.url, script); // warms the cache and the connection's first plans; not counted
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which side goes first, so a drift in the host favours neither.
        for (const side of round % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const)) {
          if (VARIANTS[side]) await admin.query(VARIANTS[side]);
          results[side].push(await purchaseLatency(database.url, script));
        }
        console.log(`round ${round + 1}: a ${results.a.at(-1)} ms, b ${results.b.at(-1)} ms`);
      }
    } finally {
      await admin.end();
    }
    const lower = results.b.filter((b, i) => b < results.a[i]!).length;
    console.log(
      JSON.stringify({
        msPerPurchase: { a: median(results.a), b: median(results.b) },
        roundsWhereBLower: `${lower} of ${ROUNDS}`,
        loadavg: os.loadavg().map((load) => Math.round(load * 10) / 10),
      }),
    );
  } finally {
    await database.drop();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(2);
  },
);

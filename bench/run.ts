// `npm run bench`: purchase throughput next to pgbench, market holds created and settled per second, order-book orders matched
// per second (50 traders on both sides), the catalogue page next to
// /healthz, on fresh databases, and Lighthouse on the main pages (bench/lighthouse-bench.ts). Prints the tables and writes
// bench/results/<timestamp>.json.
// With --chaos (or BENCH_CHAOS=1) it also runs the long money-chaos run (bench/money-chaos-bench.ts).
// Not part of `npm test`: numbers are reported, never asserted, except the safety counts.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createFreshDatabase, openBenchServer } from "./database";
import { randomBytes } from "node:crypto";
import { PAGE_WARMUP_SECONDS, runPageBench, seedCatalogue, standardPages, type PageBenchResult } from "./http-bench";
import { lighthouseTable, runLighthouseBench } from "./lighthouse-bench";
import { coldStartLine, runColdStartBench } from "./cold-start";
import { runPgbench } from "./pgbench";
import { runPurchaseBench } from "./purchase-bench";
import { runDepositBench } from "./deposit-bench";
import { marketUnsafeCount, runMarketBench } from "./market-bench";
import { orderBookRows, orderBookUnsafeCount, runOrderBookBench } from "./order-book-bench";
import { chaosRows, runChaosBench } from "./money-chaos-bench";
import { markdownTable, round } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = 50;
const APP_POOL_SIZE = 10; // createPrismaClient's pool: pgbench gets as many connections
const HTTP_CONCURRENCY = 50;
const TRADERS = 50;
const CATALOGUE_SIZE = 1000;
const INVESTOR_TRANSACTIONS = 5000;
// Optional: the long money-chaos run over HTTP (10,000 operations, two app processes; needs a build).
const CHAOS = process.argv.includes("--chaos") || process.env.BENCH_CHAOS === "1";

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const server = await openBenchServer();
  const databases: { drop: () => Promise<void> }[] = [];
  try {
    const purchaseDb = await createFreshDatabase(server.adminUrl, "purchase");
    databases.push(purchaseDb);
    console.log(`PostgreSQL ${await serverVersion(purchaseDb.url)} (${server.origin}); ${SECONDS}s per measurement`);

    console.log(`purchases: ${BUYERS} concurrent buyers ...`);
    const purchase = await runPurchaseBench(purchaseDb.url, { buyers: BUYERS, seconds: SECONDS });
    console.log("pgbench TPC-B on the same database ...");
    const pgbench = await runPgbench(purchaseDb.url, { clients: APP_POOL_SIZE, seconds: SECONDS, scale: APP_POOL_SIZE });

    const depositDb = await createFreshDatabase(server.adminUrl, "deposits");
    databases.push(depositDb);
    console.log(`deposits: ${BUYERS} concurrent payers, every capture delivered twice (gateway webhooks) ...`);
    const deposits = await runDepositBench(depositDb.url, { payers: BUYERS, seconds: SECONDS });

    const marketDb = await createFreshDatabase(server.adminUrl, "market");
    databases.push(marketDb);
    console.log(`market: ${TRADERS} concurrent traders (hold, both confirm, settle) ...`);
    const market = await runMarketBench(marketDb.url, { traders: TRADERS, seconds: SECONDS });

    const bookDb = await createFreshDatabase(server.adminUrl, "order_book");
    databases.push(bookDb);
    console.log(`order book: ${TRADERS} concurrent traders placing buy and sell orders, matched at once ...`);
    const orderBook = await runOrderBookBench(bookDb.url, { traders: TRADERS, seconds: SECONDS });

    // The money benches' databases are done with (their safety counts are taken): dropped now,
    // so autovacuum cleaning up after their churn does not share the CPUs with the page measurements.
    for (const finished of databases.splice(0)) await finished.drop();
    const pageDb = await createFreshDatabase(server.adminUrl, "pages");
    databases.push(pageDb);
    await seedCatalogue(pageDb.url, CATALOGUE_SIZE);
    const sessionSecret = randomBytes(32).toString("hex");
    const measuredPages = await standardPages(pageDb.url, sessionSecret, INVESTOR_TRANSACTIONS);
    console.log(
      `pages: GET /healthz, / and /properties (${CATALOGUE_SIZE} properties; as the page cache serves them and rendered), /invest/{id}, /dashboard/overview (${INVESTOR_TRANSACTIONS} transactions; as kept and rendered every request), /fees signed in, one worker per CPU, each page driven for ${PAGE_WARMUP_SECONDS} s at c=${HTTP_CONCURRENCY} before its ${SECONDS} s window ...`,
    );
    const pages: PageBenchResult = await runPageBench(pageDb.url, {
      concurrency: HTTP_CONCURRENCY,
      seconds: SECONDS,
      propertiesSeeded: CATALOGUE_SIZE,
      sessionSecret,
      pages: measuredPages,
    });

    const pgbenchCell = pgbench.available ? `${pgbench.tps.toFixed(1)} tps` : `n/a: ${pgbench.reason}`;
    const ratio = (a: number, b: number | undefined) => (b ? `${round(a / b, 3)}` : "n/a");
    const rows = [
      ["measure", "value", "p50 / p99 ms", "baseline", "ratio"],
      [
        `purchases/s (${BUYERS} buyers, pool ${APP_POOL_SIZE})`,
        purchase.tps.toFixed(1),
        `${purchase.latencyMs.p50} / ${purchase.latencyMs.p99}`,
        `pgbench TPC-B -c ${APP_POOL_SIZE} -s ${APP_POOL_SIZE}: ${pgbenchCell}`,
        ratio(purchase.tps, pgbench.available ? pgbench.tps : undefined),
      ],
    ];
    rows.push([
      `deposits credited/s from webhooks (${BUYERS} payers, each capture delivered twice + order.paid)`,
      deposits.perSecond.toFixed(1),
      `${deposits.latencyMs.p50} / ${deposits.latencyMs.p99} (a delivery)`,
      `${deposits.deliveries} deliveries, ${deposits.duplicatesAnswered} answered as duplicates, ${deposits.mailsQueued} funds-added mails queued; pgbench TPC-B: ${pgbenchCell}`,
      ratio(deposits.perSecond, pgbench.available ? pgbench.tps : undefined),
    ]);
    rows.push([
      "deposit safety counts (must be 0)",
      String(deposits.doubleCredits + deposits.walletsWrong + deposits.ledgerProblems + deposits.unexpectedErrors),
      "",
      `double credits ${deposits.doubleCredits}, wallets ≠ credits ${deposits.walletsWrong}, ledger ${deposits.ledgerProblems}, unexpected ${deposits.unexpectedErrors}`,
      "",
    ]);
    if (pages.ran) {
      const health = pages.pages.find((p) => p.path === "/healthz")!;
      const labels: Record<string, string> = {
        "/": `GET / req/s (signed out, the page cache may serve it, c=${HTTP_CONCURRENCY})`,
        "/ (rendered)": `GET / req/s (signed out, rendered every request, c=${HTTP_CONCURRENCY})`,
        "/properties": `GET /properties req/s (${CATALOGUE_SIZE} props, signed out, the page cache may serve it, c=${HTTP_CONCURRENCY})`,
        "/properties (rendered)": `GET /properties req/s (${CATALOGUE_SIZE} props, signed out, rendered every request, c=${HTTP_CONCURRENCY})`,
        "/invest/bench-1": `GET /invest/{id} req/s (signed in, rendered every request, c=${HTTP_CONCURRENCY})`,
        "/dashboard/transactions": `GET /dashboard/transactions req/s (${INVESTOR_TRANSACTIONS} transactions, rendered every request, c=${HTTP_CONCURRENCY})`,
        "/dashboard/overview": `GET /dashboard/overview req/s (${INVESTOR_TRANSACTIONS} transactions, c=${HTTP_CONCURRENCY})`,
        "/dashboard/overview (rendered)": `GET /dashboard/overview req/s, rendered every request (no kept page, ADR 0045)`,
        "/fees": `GET /fees req/s (signed in: the frame and three small reads, c=${HTTP_CONCURRENCY})`,
      };
      for (const page of pages.pages.filter((p) => p.path !== "/healthz")) {
        rows.push([
          labels[page.label ?? page.path] ?? `GET ${page.path} req/s`,
          `${page.rps.toFixed(1)} ${JSON.stringify(page.statuses)}${page.pageCache?.hit ? ` kept ${JSON.stringify(page.pageCache)}` : ""}`,
          `${page.latencyMs.p50} / ${page.latencyMs.p99}`,
          `GET /healthz: ${health.rps.toFixed(1)} req/s (p50 ${health.latencyMs.p50} / p99 ${health.latencyMs.p99} ms)`,
          ratio(page.rps, health.rps),
        ]);
      }
    } else {
      rows.push([`GET /properties vs /healthz`, "not run", "", pages.reason, "n/a"]);
    }
    const refusals =
      Object.entries(purchase.refusals)
        .map(([code, n]) => `${code} ${n}`)
        .join(", ") || "none";
    rows.push(["purchase attempts / refusals", String(purchase.attempts), "", refusals, ""]);
    rows.push([
      "oversold properties (must be 0)",
      String(purchase.oversoldProperties),
      "",
      `hot property sold out: ${purchase.hotPropertySoldOut}`,
      "",
    ]);
    rows.push(["overdrawn wallets (must be 0)", String(purchase.overdrawnWallets), "", `ledger problems: ${purchase.ledgerProblems}`, ""]);
    rows.push(["unexpected errors (must be 0)", String(purchase.unexpectedErrors), "", "", ""]);
    rows.push([
      `market holds created/s (${TRADERS} traders)`,
      market.holdsPerSecond.toFixed(1),
      `${market.holdLatencyMs.p50} / ${market.holdLatencyMs.p99}`,
      `${market.holdsCreated} holds in ${market.seconds}s`,
      "",
    ]);
    rows.push([
      `market holds settled/s (${TRADERS} traders)`,
      market.settledPerSecond.toFixed(1),
      "",
      `${market.holdsSettled} settled; pgbench TPC-B: ${pgbenchCell}`,
      ratio(market.settledPerSecond, pgbench.available ? pgbench.tps : undefined),
    ]);
    rows.push([
      "market refusals",
      String(Object.values(market.refusals).reduce((a, b) => a + b, 0)),
      "",
      Object.entries(market.refusals)
        .map(([code, n]) => `${code} ${n}`)
        .join(", ") || "none",
      "",
    ]);
    rows.push([
      "market safety counts (must be 0)",
      String(marketUnsafeCount(market)),
      "",
      `overcommitted ${market.overcommittedPositions}, overheld ${market.overheldOrders}, held≠holds ${market.heldBalanceMismatches}, shares not conserved ${market.sharesNotConserved}, overdrawn ${market.overdrawnWallets}, ledger ${market.ledgerProblems}, unexpected ${market.unexpectedErrors}`,
      "",
    ]);
    rows.push(...orderBookRows(orderBook, { tps: pgbench.available ? pgbench.tps : undefined, cell: pgbenchCell }));
    const chaos = CHAOS ? await runChaosBench(server.adminUrl) : null;
    if (chaos) rows.push(...chaosRows(chaos));
    // Lighthouse scores a page as one visitor on a quiet host sees it: the load above has ended,
    // but the database's autovacuum and the OS's writeback after it may not have, and Lighthouse's
    // own app seeds its demo data first. runLighthouseBench waits until the host is quiet.
    console.log("cold start: a fresh data directory until / answers, once the host is quiet ...");
    const coldStart = await runColdStartBench().catch((error: unknown) => ({ ran: false as const, reason: (error as Error).message }));
    console.log(
      "lighthouse: once the host is quiet (at most 15% of its CPUs busy, 5 s in a row), / , /properties, /invest/:id, /dashboard/overview, /dashboard/transactions ...",
    );
    const lighthouse = await runLighthouseBench().catch((error: unknown) => ({ ran: false as const, reason: (error as Error).message }));

    console.log(`\n${markdownTable(rows)}`);
    if (pages.ran && pages.note) console.log(`note: ${pages.note}`);
    if (pages.ran) {
      console.log("\nmean Server-Timing per page (ms):");
      for (const page of pages.pages)
        if (page.serverTiming) console.log(`  ${page.label ?? page.path}: ${JSON.stringify(page.serverTiming)}`);
    }
    console.log(`\n${"coldSeconds" in coldStart ? coldStartLine(coldStart) : `cold start not measured: ${coldStart.reason}`}`);
    if (lighthouse.ran) {
      console.log(
        `\nLighthouse ${lighthouse.lighthouseVersion} (${lighthouse.chromiumBuild}), mobile emulation, median of ${lighthouse.pages[0]?.runs ?? 0} runs:`,
      );
      console.log(markdownTable(lighthouseTable(lighthouse)));
      for (const page of lighthouse.pages) {
        if (page.failedAudits.length > 0) console.log(`  ${page.path} lost points on: ${page.failedAudits.join(", ")}`);
      }
    } else {
      console.log(`\nLighthouse not run: ${lighthouse.reason}`);
    }
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs (other work on the machine skews every figure)`,
    );

    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.resolve("bench/results", `${stamp}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadavg: os.loadavg(),
    };
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, machine, database: server.origin, purchase, market, orderBook, chaos, pgbench, pages, coldStart, lighthouse }, null, 2)}\n`,
    );
    console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);

    const unsafe =
      purchase.oversoldProperties +
      purchase.overdrawnWallets +
      purchase.ledgerProblems +
      purchase.unexpectedErrors +
      marketUnsafeCount(market) +
      orderBookUnsafeCount(orderBook) +
      (chaos ? chaos.violations.length + chaos.serverErrors.length : 0);
    return unsafe === 0 ? 0 : 1;
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

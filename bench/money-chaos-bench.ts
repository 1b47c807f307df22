// The long money-chaos run (ADR 0034): 10,000 seeded random money operations
// over HTTP from many concurrent clients against two production app processes on one fresh
// database, then the books are checked. Part of `npm run bench -- --chaos` (bench/run.ts), or on
// its own: `npm run bench:chaos` (CHAOS_OPERATIONS, CHAOS_CONCURRENCY, CHAOS_SEED to change it).
// Needs a production build (`npx remix vite:build`).
import { fileURLToPath } from "node:url";
import { createPrismaClient } from "~/services/db.server";
import { startAppProcess } from "../tests/setup/app-process";
import { runMoneyChaos, type ChaosReport } from "../tests/setup/money-chaos";
import { createFreshDatabase, openBenchServer } from "./database";

const SECRET = "money-chaos-bench-session-secret-0123456789ab";

export type ChaosBenchOptions = { operations?: number; concurrency?: number; seed?: number };

export async function runChaosBench(adminUrl: string, options: ChaosBenchOptions = {}): Promise<ChaosReport> {
  const operations = options.operations ?? Number(process.env.CHAOS_OPERATIONS ?? 10_000);
  const concurrency = options.concurrency ?? Number(process.env.CHAOS_CONCURRENCY ?? 24);
  const seed = options.seed ?? Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
  const database = await createFreshDatabase(adminUrl, "chaos");
  process.env.SESSION_SECRET = SECRET;
  const prisma = createPrismaClient(database.url);
  const env = {
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "100000000",
    RATE_LIMIT_MONEY_PER_MINUTE: "100000000",
    RATE_LIMIT_READS_PER_MINUTE: "100000000",
    FOUR_EYES_THRESHOLD_INR: "1000000000",
    LOG_LEVEL: "error",
  };
  const apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  try {
    console.log(`money chaos: ${operations} operations, ${concurrency} clients, 2 app processes, seed ${seed} ...`);
    const report = await runMoneyChaos({
      apps: apps.map((a) => a.baseUrl),
      prisma,
      operations,
      concurrency,
      seed,
      investors: 16,
      burstShare: 0.15,
    });
    // A 5xx is a finding: keep what the processes logged (LOG_LEVEL=error) next to it.
    if (report.serverErrors.length > 0) {
      for (const [i, app] of apps.entries()) console.log(`--- app process ${i + 1} log (end) ---\n${app.output().slice(-30_000)}`);
    }
    return report;
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await prisma.$disconnect();
    await database.drop().catch(() => undefined);
  }
}

export function chaosRows(report: ChaosReport): string[][] {
  const perSecond = report.operations / (report.durationMs / 1000);
  return [
    [
      `money chaos over HTTP (${report.processes} processes, ${report.concurrency} clients)`,
      `${report.operations} ops`,
      "",
      `${(report.durationMs / 1000).toFixed(1)} s, ${perSecond.toFixed(1)} ops/s, ${report.requests} requests, ${report.bursts} bursts`,
      "",
    ],
    [
      "money chaos violations (must be 0)",
      String(report.violations.length + report.serverErrors.length),
      "",
      `books ${report.violations.length}, 5xx ${report.serverErrors.length}; statuses ${JSON.stringify(report.statuses)}`,
      "",
    ],
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await openBenchServer();
  let code = 0;
  try {
    const report = await runChaosBench(server.adminUrl);
    console.log(JSON.stringify(report, null, 2));
    for (const row of chaosRows(report)) console.log(row.filter(Boolean).join(" | "));
    code = report.violations.length + report.serverErrors.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
  process.exit(code);
}

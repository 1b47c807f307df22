import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { runMoneyChaos } from "#tests/setup/money-chaos";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Money chaos, short version (ADR 0034): two production app processes on
 * one database, concurrent clients posting a seeded random mix of every money action with
 * bursts of identical requests; then the books must balance. The long run (10,000
 * operations) is `npm run bench -- --chaos` (bench/money-chaos-bench.ts).
 */
const db = useTestDatabase();
const SECRET = "money-chaos-session-secret-0123456789abcdef0";
const SEED = Number(process.env.CHAOS_SEED ?? 20261124);
let apps: AppProcess[] = [];

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  const env = {
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "1000000",
    RATE_LIMIT_MONEY_PER_MINUTE: "1000000",
    RATE_LIMIT_READS_PER_MINUTE: "1000000",
    FOUR_EYES_THRESHOLD_INR: "100000000",
    LOG_LEVEL: "error",
  };
  apps = await Promise.all([startAppProcess(env), startAppProcess(env)]);
}, 90_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
});

describe("money chaos across two app processes", () => {
  it("keeps the books right under concurrent random money requests and identical bursts", async () => {
    const report = await runMoneyChaos({
      apps: apps.map((app) => app.baseUrl),
      prisma: db.current.prisma,
      operations: Number(process.env.CHAOS_OPERATIONS ?? 400),
      concurrency: Number(process.env.CHAOS_CONCURRENCY ?? 12),
      seed: SEED,
      burstShare: 0.2,
    });
    console.log(`money chaos (seed ${SEED}):`, JSON.stringify(report));
    if (report.serverErrors.length > 0) for (const app of apps) console.log(app.output().slice(-20_000));
    expect(report.serverErrors).toEqual([]);
    expect(report.violations).toEqual([]);
    // The run did real work: every kind of operation, and successes as well as refusals.
    for (const op of ["buy", "list", "hold", "confirm", "settle", "cancel", "expire", "deposit", "withdraw", "resolve"]) {
      expect(report.byOperation[op] ?? 0).toBeGreaterThan(0);
    }
    expect(report.bursts).toBeGreaterThan(10);
    expect(report.statuses["302"] ?? 0).toBeGreaterThan(50);
    const settled = await db.current.prisma.shareReservation.count({ where: { status: "settled" } });
    const bought = await db.current.prisma.investment.count();
    expect(settled).toBeGreaterThan(0);
    expect(bought).toBeGreaterThan(0);
    // Deposits and withdrawals were raised and completed over HTTP too.
    const tickets = await db.current.prisma.supportTicket.groupBy({ by: ["ticketType", "status"], _count: true });
    const count = (type: string, status: string) => tickets.find((t) => t.ticketType === type && t.status === status)?._count ?? 0;
    expect(count("add_funds", "resolved")).toBeGreaterThan(0);
    expect(count("withdraw_funds", "resolved")).toBeGreaterThan(0);
  }, 150_000);
});

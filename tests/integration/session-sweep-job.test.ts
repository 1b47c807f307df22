import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId } from "../../app/services/session.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The expired-session sweep is a pg-boss cron job. Two real app processes run on one
 * database with the schedule set to every minute; each sweep logs one line naming its job.
 * Every firing must run once, in one of the two processes, never in both.
 */

const db = useTestDatabase();
const HOUR = 60 * 60 * 1000;

type SweepRun = { process: string; jobId: string; createdOn: string; deleted: number };

function sweepRuns(name: string, app: AppProcess): SweepRun[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.includes('"expired sessions swept"'))
    .map((line) => JSON.parse(line) as Omit<SweepRun, "process">)
    .map(({ jobId, createdOn, deleted }) => ({ process: name, jobId, createdOn, deleted }));
}

let first: AppProcess;
let second: AppProcess;
const sessionIds: Record<"idle" | "absolute" | "live", string> = { idle: "", absolute: "", live: "" };

beforeAll(async () => {
  const prisma = db.current.prisma;
  const user = await createUser(prisma);
  const now = Date.now();
  const sessions = {
    idle: { idleExpiresAt: new Date(now - HOUR), absoluteExpiresAt: new Date(now + 10 * HOUR) },
    absolute: { idleExpiresAt: new Date(now + HOUR), absoluteExpiresAt: new Date(now - HOUR) },
    live: { idleExpiresAt: new Date(now + HOUR), absoluteExpiresAt: new Date(now + 10 * HOUR) },
  };
  for (const [name, expiry] of Object.entries(sessions) as [keyof typeof sessions, (typeof sessions)["live"]][]) {
    const idHash = hashSessionId(randomBytes(32).toString("base64url"));
    sessionIds[name] = idHash;
    await prisma.session.create({ data: { idHash, userId: user.id, ...expiry } });
  }
  const env = {
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    JOBS_SESSION_SWEEP_CRON: "* * * * *",
    LOG_LEVEL: "info",
  };
  [first, second] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

describe("the expired-session sweep", () => {
  it("runs each scheduled firing exactly once while two app processes run", async () => {
    const prisma = db.current.prisma;
    const allRuns = () => [...sweepRuns("first", first), ...sweepRuns("second", second)];
    await expect.poll(() => allRuns().length, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(1);
    // Both processes poll the queue and check the schedule every few seconds; give each
    // time to (wrongly) run the same firing again.
    await new Promise((resolve) => setTimeout(resolve, 15_000));

    // A graceful stop lets a sweep in progress finish and record itself.
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
    const runs = allRuns();
    // No job ran twice, in one process or across the two.
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
    // One job per firing: firings of an every-minute cron, checked every 10 s, are created
    // at least that far apart; a second schedule or a second timer would make two at once.
    const created = runs.map((run) => Date.parse(run.createdOn)).sort((a, b) => a - b);
    for (let i = 1; i < created.length; i++) expect(created[i]! - created[i - 1]!).toBeGreaterThan(5_000);
    // And pg-boss's own record agrees: every sweep job it handed out ran, and only those
    // (a firing of the last moment may still wait, unfetched, in state created).
    const client = new pg.Client({ connectionString: db.current.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; state: string }>(
      `SELECT id, state FROM pgboss.job WHERE name = 'session-sweep'
       UNION ALL SELECT id, state FROM pgboss.archive WHERE name = 'session-sweep'`,
    );
    await client.end();
    const handedOut = rows.filter((row) => row.state !== "created");
    expect(handedOut.map((row) => row.id).sort()).toEqual(runs.map((run) => run.jobId).sort());
    expect(handedOut.every((row) => row.state === "completed")).toBe(true);

    // The sweep itself: both kinds of expired session went, the live one stayed.
    expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(2);
    const left = await prisma.session.findMany({ select: { idHash: true } });
    expect(left.map((row) => row.idHash)).toEqual([sessionIds.live]);
  }, 120_000);
});

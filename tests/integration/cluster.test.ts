import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * server.ts in production with WEB_CONCURRENCY=2: two worker processes answer on one port, a
 * worker that dies is replaced, and SIGTERM stops the whole cluster cleanly.
 */
const db = useTestDatabase();
let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", E2E_PROBES: "true", WEB_CONCURRENCY: "2" });
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

/** The pid of the process that answered, on a new connection each time (a kept-alive one stays with its worker). */
function pidOnNewConnection(): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(`${app.baseUrl}/__probe/pid`, { agent: false, timeout: 3_000 }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(response.statusCode === 200 ? (JSON.parse(body) as { pid: number }).pid : null));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

async function answeringPids(tries = 40): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const pid = await pidOnNewConnection();
    if (pid !== null) pids.add(pid);
  }
  return pids;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a cluster of workers", () => {
  it("answers from two worker processes, none of them the primary", { timeout: 60_000 }, async () => {
    const pids = await eventually(
      () => answeringPids(),
      (found) => found.size === 2,
    );
    expect(pids.size).toBe(2);
    expect(pids.has(app.child.pid!)).toBe(false);
  });

  it("replaces a worker that dies, and still answers meanwhile", { timeout: 150_000 }, async () => {
    const before = await eventually(
      () => answeringPids(),
      (found) => found.size === 2,
    );
    const [victim, survivor] = [...before];
    process.kill(victim!, "SIGKILL");
    // A replacement starts like any worker (loads the build, connects), seconds on a busy machine.
    const after = await eventually(
      () => answeringPids(10),
      (found) => found.size === 2 && !found.has(victim!),
      120_000,
    );
    expect(after.has(victim!), app.output()).toBe(false);
    expect(after.has(survivor!)).toBe(true);
    expect(after.size).toBe(2);
  });

  it("stops every worker and exits 0 on SIGTERM", { timeout: 60_000 }, async () => {
    const pids = await answeringPids(10);
    expect(await app.stop("SIGTERM")).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

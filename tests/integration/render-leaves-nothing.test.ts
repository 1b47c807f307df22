import { createHook } from "node:async_hooks";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "~/services/env.server";
import { createProperty } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * A rendered page leaves nothing running behind it. The render's deadline (entry.server) is
 * cleared once the page is written, and single fetch's deadline for deferred data is armed
 * only when there is deferred data (the @remix-run/server-runtime patch): left running, each
 * request's timers kept its finished render alive for seconds and then aborted it for nothing.
 */
const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;
let streamTimeout: number;

type TimerResource = { _idleTimeout?: number };
const timersStarted = new Map<number, TimerResource>();
const hook = createHook({
  init(id, type, _trigger, resource) {
    if (type === "Timeout") timersStarted.set(id, resource as TimerResource);
  },
  destroy(id) {
    timersStarted.delete(id);
  },
});

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "render-leaves-nothing-secret-0123456789abcdef";
  reloadEnv();
  await createProperty(db.current.prisma);
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  streamTimeout = (build.entry.module as { streamTimeout?: number }).streamTimeout ?? 5_000;
  const handler = createRequestHandler(build, "production");
  handle = (request) => handler(request, { cspNonce: "leaves-nothing" });
});
afterAll(() => hook.disable());

async function renderPages(count: number, userAgent: string) {
  for (let i = 0; i < count; i++) {
    const response = await handle(new Request("http://localhost:3000/properties", { headers: { "User-Agent": userAgent } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("</html>");
  }
  // The body's close, on which the render's deadline is cleared, follows its last read.
  await new Promise((resolve) => setImmediate(resolve));
}

/** Timers still running that were started with one of a render's deadlines (the database pool's idle timers are not). */
const deadlinesRunning = () =>
  [...timersStarted.values()].filter((timer) => timer._idleTimeout === streamTimeout || timer._idleTimeout === streamTimeout + 1_000)
    .length;

describe("a rendered page", () => {
  it.each([
    ["a browser", "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36"],
    ["a crawler", "Googlebot/2.1 (+http://www.google.com/bot.html)"],
  ])("leaves no deadline running once it is written, for %s", async (_, userAgent) => {
    timersStarted.clear();
    hook.enable();
    try {
      await renderPages(5, userAgent);
      expect(deadlinesRunning()).toBe(0);
    } finally {
      hook.disable();
    }
  });
});

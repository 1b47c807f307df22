import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../../app/services/free-port.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

// `npm start` (server.ts without --dev) opened at http://127.0.0.1:PORT while APP_ORIGIN is
// http://localhost:PORT: every page is sent to APP_ORIGIN before sign-in starts, so the
// session and OAuth cookies belong to the host the browser is on ("Authentication Error" before).
const db = useTestDatabase();
let app: AppProcess;
let origin: string;

beforeAll(async () => {
  const port = await findFreePort();
  origin = `http://localhost:${port}`;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", APP_ORIGIN: origin }, { port });
});
afterAll(async () => {
  await app?.stop();
});

const read = (path: string) => fetch(`${app.baseUrl}${path}`, { redirect: "manual" });

describe("a production start opened under another host name", () => {
  it("sends the sign-in page, and any other page, to the same address at APP_ORIGIN", async () => {
    const signIn = await read("/auth?redirectTo=%2Fproperties");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/auth?redirectTo=%2Fproperties`);
    const catalogue = await read("/properties?city=Pune");
    expect(catalogue.headers.get("location")).toBe(`${origin}/properties?city=Pune`);
  });

  it("still answers health checks on any host", async () => {
    expect((await read("/healthz")).status).toBe(200);
  });
});

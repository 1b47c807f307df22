import pg from "pg";
import { logger } from "~/services/logger.server";
import { MAIL_QUEUE, mailJob, type MailQueueOptions } from "~/services/mail/mail-queue.server";
import type { MailSettings } from "~/services/mail/transport.server";
import { createBoss, JOBS_APPLICATION_NAME, runningJobs, setRunningJobs, type PgBoss } from "./boss.server";
import { registerJob, type JobDefinition } from "./job.server";
import { mailOutboxJob } from "~/services/mail/mail-outbox.server";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { sessionSweepJob } from "./session-sweep.server";
import { pageVersionFoldJob } from "./page-version-fold.server";

export type JobsOptions = {
  databaseUrl: string;
  /** Cron (UTC) of the expired-session sweep, e.g. "0 * * * *". */
  sessionSweepCron: string;
  /** Cron (UTC) of the mail outbox's drain (ADR 0060); every minute when absent. */
  mailOutboxCron?: string;
  /** A database client for jobs that need one; when absent, a small one of their own on databaseUrl, closed by stopJobs. */
  prisma?: () => PrismaClient;
  mail: MailSettings & MailQueueOptions;
  /** Further jobs, after the services' own (jobs whose work lives above the services layer). */
  jobs?: JobDefinition[];
};

/**
 * Starts pg-boss for this process (installing or upgrading its schema on first use, safely
 * when several processes start together) and registers every job of its table: the
 * session sweep, the page-version fold and mail, then the given ones. server.ts calls
 * it once the database is migrated, and stopJobs before the database goes away.
 */
export async function startJobs(options: JobsOptions): Promise<PgBoss> {
  const running = runningJobs();
  if (running) return running.boss;
  const boss = createBoss(options.databaseUrl);
  let own: PrismaClient | undefined;
  // Jobs' own connections, named as pg-boss's are, so they read as background work in pg_stat_activity.
  const prisma =
    options.prisma ??
    (() => (own ??= createPrismaClient(options.databaseUrl, { max: 2, applicationName: JOBS_APPLICATION_NAME, namedStatements: true })));
  try {
    const jobs = [
      sessionSweepJob(options.sessionSweepCron),
      pageVersionFoldJob(prisma),
      mailJob(options.mail, options.mail),
      mailOutboxJob(options.mailOutboxCron ?? "* * * * *", prisma),
      ...(options.jobs ?? []),
    ];
    const workerIds = await holdingSetupLock(options.databaseUrl, async () => {
      await boss.start();
      const ids = new Map<string, string>();
      for (const job of jobs) ids.set(job.queue, await registerJob(boss, job));
      return ids;
    });
    setRunningJobs({ boss, mailWorkerId: workerIds.get(MAIL_QUEUE), close: async () => own?.$disconnect() });
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await own?.$disconnect().catch(() => undefined);
    throw error;
  }
  logger.info({ sessionSweepCron: options.sessionSweepCron, mail: options.mail.smtpUrl ? "smtp" : "outbox" }, "jobs started");
  return boss;
}

/** Lets running jobs finish (up to the timeout), then closes pg-boss's connections. */
export async function stopJobs({ timeoutMs = 10_000 } = {}): Promise<void> {
  const running = runningJobs();
  if (!running) return;
  setRunningJobs(undefined);
  await running.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  await running.close?.();
}

// Any constant works; it only has to differ from the migration lock's key.
const SETUP_LOCK_KEY = 7_242_651;

/**
 * pg-boss creates a queue's partition with DDL that deadlocks when two processes create
 * the same queue at once, so processes starting together take turns setting up.
 */
async function holdingSetupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "aangan-jobs-setup" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

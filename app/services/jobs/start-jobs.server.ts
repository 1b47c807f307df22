import pg from "pg";
import { logger } from "~/services/logger.server";
import { registerMailWorker, type MailQueueOptions } from "~/services/mail/mail-queue.server";
import type { MailSettings } from "~/services/mail/transport.server";
import { createBoss, runningJobs, setRunningJobs, type PgBoss } from "./boss.server";
import { registerSessionSweep } from "./session-sweep.server";

export type JobsOptions = {
  databaseUrl: string;
  /** Cron (UTC) of the expired-session sweep, e.g. "0 * * * *". */
  sessionSweepCron: string;
  mail: MailSettings & MailQueueOptions;
  /** Registers further queues and workers (jobs whose work lives above the services layer). */
  register?: (boss: PgBoss) => Promise<void>;
};

/**
 * Starts pg-boss for this process (installing or upgrading its schema on first use, safely
 * when several processes start together) with its schedules and workers. server.ts calls
 * it once the database is migrated, and stopJobs before the database goes away.
 */
export async function startJobs(options: JobsOptions): Promise<PgBoss> {
  const running = runningJobs();
  if (running) return running.boss;
  const boss = createBoss(options.databaseUrl);
  try {
    const mailWorkerId = await holdingSetupLock(options.databaseUrl, async () => {
      await boss.start();
      await registerSessionSweep(boss, options.sessionSweepCron);
      const workerId = await registerMailWorker(boss, options.mail, options.mail);
      await options.register?.(boss);
      return workerId;
    });
    setRunningJobs({ boss, mailWorkerId });
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
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

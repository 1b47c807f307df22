import PgBoss from "pg-boss";
import { logger } from "~/services/logger.server";
import { singleton } from "~/services/singleton.server";

export type { PgBoss };

/**
 * pg-boss on the app's own database, in its own `pgboss` schema, tuned to stay quiet and
 * bounded: a small pool, no state monitoring, finished jobs archived after 12 hours and
 * deleted after 7 days. Cron checks every 10 seconds (one process at a time wins each
 * check, and one job per schedule per minute is ever created), so a schedule fires within
 * seconds of its minute whichever processes are running.
 */
/** The application_name of every connection background jobs open (pg-boss's and the jobs' own). */
export const JOBS_APPLICATION_NAME = "aangan-jobs";

export function createBoss(databaseUrl: string): PgBoss {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    application_name: JOBS_APPLICATION_NAME,
    max: 4,
    archiveCompletedAfterSeconds: 12 * 60 * 60,
    deleteAfterDays: 7,
    retentionDays: 7,
    maintenanceIntervalSeconds: 5 * 60,
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 5,
  });
  // Without a listener an "error" event would crash the process; a job error is pg-boss's
  // to retry, and a dropped connection its pool's to replace.
  boss.on("error", (error) => logger.warn({ err: error }, "jobs: pg-boss reported an error"));
  return boss;
}

/** Creates a queue, or brings an existing one's settings up to date. */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, "name">): Promise<void> {
  await boss.createQueue(name, { name, ...options });
  await boss.updateQueue(name, { name, ...options });
}

type JobsState = { boss: PgBoss; mailWorkerId?: string; close?: () => Promise<void> };

// One per process, so a route's enqueue (in the Remix build) reaches the pg-boss server.ts started.
const holder = singleton("jobs", (): { running?: JobsState } => ({}));

export function runningJobs(): JobsState | undefined {
  return holder.running;
}

export function setRunningJobs(state: JobsState | undefined): void {
  holder.running = state;
}

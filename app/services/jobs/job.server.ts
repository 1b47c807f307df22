import { ensureQueue, type PgBoss } from "./boss.server";

/**
 * One background job as a row of the jobs table startJobs registers: its queue and the
 * queue's retry settings, the cron (UTC) that creates its jobs when it runs on a schedule,
 * how its worker polls, and the work itself. Every process registers the same table;
 * pg-boss creates one job per firing and hands each job to one worker.
 */
export type JobDefinition<Data extends object = object> = {
  queue: string;
  queueOptions: Omit<PgBoss.Queue, "name">;
  /** Absent for a queue that only others fill (mail, notes analysis). */
  cron?: string;
  worker: { pollingIntervalSeconds: number; batchSize?: number };
  /** Also run once whenever jobs start (a scheduled net that should catch up after a restart). */
  runAtStart?: boolean;
  /** What one job does; its answer is stored as the job's output. Method syntax: a table holds jobs of different data. */
  run(job: PgBoss.JobWithMetadata<Data>): Promise<object | undefined>;
};

/** Creates the job's queue (and schedule), then its worker; returns the worker's id. */
export async function registerJob<Data extends object>(boss: PgBoss, job: JobDefinition<Data>): Promise<string> {
  await ensureQueue(boss, job.queue, job.queueOptions);
  if (job.cron) await boss.schedule(job.queue, job.cron, {}, { tz: "UTC" });
  if (job.runAtStart) await boss.send(job.queue, {});
  return boss.work<Data>(job.queue, { ...job.worker, includeMetadata: true }, async ([item]) => (item ? job.run(item) : undefined));
}

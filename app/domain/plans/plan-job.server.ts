import { getPrisma } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { runDuePlans } from "./run-plans.server";

export const PLAN_RUNS_QUEUE = "plan-runs";

/**
 * Runs due monthly plans and sends tomorrow's reminders on a cron (UTC; hourly by default, so a
 * missed hour is caught up within the day). Each plan's month is claimed by its unique run row,
 * so two jobs at once, or on two processes, run it once.
 */
export function planRunsJob(cron: string, options: { pollingIntervalSeconds?: number } = {}): JobDefinition {
  return {
    queue: PLAN_RUNS_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async run(job) {
      const counts = await runDuePlans(getPrisma(), new Date());
      logger.info({ job: PLAN_RUNS_QUEUE, jobId: job.id, ...counts }, "plan runs ran");
      return counts;
    },
  };
}

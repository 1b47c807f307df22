import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { compactPlatformCounters } from "./platform-totals.server";

export const PLATFORM_COUNTERS_QUEUE = "platform-counters-compact";

/**
 * Every minute, folds the platform counters' rows (one per change) into one per counter, so the
 * admin pages sum a minute's changes at most (ADR 0078). The figures are exact without it; it
 * only keeps their reading short.
 */
export function platformCountersJob(cron = "* * * * *"): JobDefinition {
  return {
    queue: PLATFORM_COUNTERS_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
    cron,
    worker: { pollingIntervalSeconds: 10 },
    // A restart after a bulk load or a long stop folds at once, not at the next minute.
    runAtStart: true,
    async run(job) {
      const folded = await compactPlatformCounters(getPrisma());
      logger.debug({ job: PLATFORM_COUNTERS_QUEUE, jobId: job.id, folded }, "platform counters folded");
      return { folded };
    },
  };
}

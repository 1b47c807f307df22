import type { PrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { foldUserPageChanges } from "~/services/page-versions.server";
import type { JobDefinition } from "./job.server";

export const PAGE_VERSION_FOLD_QUEUE = "page-version-fold";

/**
 * Every minute, folds the investors' page changes into their versions (ADR 0084), so the session
 * read, which counts an investor's unfolded changes on every signed-in request, counts at most a
 * minute's. The versions are right without it; it only keeps that count short. It folds in the
 * jobs' own database (startJobs'), as the mail outbox does, not the process's request client.
 */
export function pageVersionFoldJob(prisma: () => PrismaClient, cron = "* * * * *"): JobDefinition {
  return {
    queue: PAGE_VERSION_FOLD_QUEUE,
    // stately: at most one fold waiting and one running.
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
    cron,
    worker: { pollingIntervalSeconds: 10 },
    // A restart after a long stop folds at once, not at the next minute.
    runAtStart: true,
    async run(job) {
      const folded = await foldUserPageChanges(prisma());
      logger.debug({ job: PAGE_VERSION_FOLD_QUEUE, jobId: job.id, folded }, "page changes folded");
      return { folded };
    },
  };
}

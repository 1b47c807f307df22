import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { sweepExpiredSessions } from "~/services/session.server";
import type { JobDefinition } from "./job.server";

export const SESSION_SWEEP_QUEUE = "session-sweep";

/** Deletes expired sessions on a cron schedule (UTC). */
export function sessionSweepJob(cron: string): JobDefinition {
  return {
    queue: SESSION_SWEEP_QUEUE,
    // stately: at most one sweep waiting and one running, however long one takes.
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    cron,
    worker: { pollingIntervalSeconds: 10 },
    async run(job) {
      const deleted = await sweepExpiredSessions(getPrisma(), new Date());
      // One line per run, with the job it ran: how operators (and a test) see it ran once.
      logger.info({ job: SESSION_SWEEP_QUEUE, jobId: job.id, createdOn: job.createdOn, deleted }, "expired sessions swept");
      return { deleted };
    },
  };
}

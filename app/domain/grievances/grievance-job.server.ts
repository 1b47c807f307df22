import { getPrisma } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { escalateMissedClocks } from "./escalate-grievance.server";

export const GRIEVANCE_ESCALATION_QUEUE = "grievance-escalations";

/**
 * Escalates grievances whose clocks were missed, on a cron (UTC); each clock escalates once (ADR 0067).
 * `now` is the job's clock (tests pass a fake one to run it days later); the wall clock otherwise.
 */
export function grievanceEscalationJob(cron: string, options: { pollingIntervalSeconds?: number; now?: () => Date } = {}): JobDefinition {
  const now = options.now ?? (() => new Date());
  return {
    queue: GRIEVANCE_ESCALATION_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async run(job) {
      const counts = await escalateMissedClocks(getPrisma(), now());
      logger.info({ job: GRIEVANCE_ESCALATION_QUEUE, jobId: job.id, ...counts }, "grievance escalation ran");
      return counts;
    },
  };
}

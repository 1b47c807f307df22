import { getPrisma } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { evaluateAlertRules } from "./evaluate-alert-rules.server";

export const ALERT_RULES_QUEUE = "alert-rules";

/** Checks the investors' alert rules on a cron (UTC); each crossing alerts once (ADR 0070). */
export function alertRulesJob(cron: string, options: { pollingIntervalSeconds?: number } = {}): JobDefinition {
  return {
    queue: ALERT_RULES_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async run(job) {
      const counts = await evaluateAlertRules(getPrisma(), new Date());
      logger.info({ job: ALERT_RULES_QUEUE, jobId: job.id, ...counts }, "alert rules checked");
      return counts;
    },
  };
}

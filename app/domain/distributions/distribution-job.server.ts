import { getPrisma } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { reinvestPaidRent } from "~/domain/plans/reinvest.server";
import { payDueDistributions } from "./distributions.server";

export const DISTRIBUTION_PAYMENT_QUEUE = "distribution-payments";

/**
 * Pays due rent distributions on a cron (UTC; the default fires at 00:15 IST). Each
 * distribution is claimed by a conditional update, so even two runs at once pay each
 * distribution once. The admin's "Pay now" runs the same payment at once.
 */
export function distributionPaymentsJob(cron: string, options: { pollingIntervalSeconds?: number } = {}): JobDefinition {
  return {
    queue: DISTRIBUTION_PAYMENT_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
    cron,
    worker: { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async run(job) {
      const now = new Date();
      // Rent the investor asked to reinvest is used at once, even when some other payment failed (ADR 0072).
      const counts = await payDueDistributions(getPrisma(), now).finally(() => reinvestPaidRent(getPrisma(), now));
      logger.info({ job: DISTRIBUTION_PAYMENT_QUEUE, jobId: job.id, ...counts }, "distribution payments ran");
      return counts;
    },
  };
}

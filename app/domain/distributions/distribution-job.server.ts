import { getPrisma } from "~/services/db.server";
import { ensureQueue, type PgBoss } from "~/services/jobs/boss.server";
import { logger } from "~/services/logger.server";
import { payDueDistributions } from "./distributions.server";

export const DISTRIBUTION_PAYMENT_QUEUE = "distribution-payments";

/**
 * Pays due rent distributions on a cron (UTC; the default fires at 00:15 IST). Every process
 * registers the same schedule; pg-boss creates one job per firing, and each distribution is
 * claimed by a conditional update, so even two runs at once pay each distribution once.
 * The admin's "Pay now" runs the same payment at once.
 */
export async function registerDistributionPayments(
  boss: PgBoss,
  cron: string,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<string> {
  await ensureQueue(boss, DISTRIBUTION_PAYMENT_QUEUE, { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 });
  await boss.schedule(DISTRIBUTION_PAYMENT_QUEUE, cron, {}, { tz: "UTC" });
  return boss.work(
    DISTRIBUTION_PAYMENT_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async ([job]) => {
      if (!job) return;
      const counts = await payDueDistributions(getPrisma(), new Date());
      logger.info({ job: DISTRIBUTION_PAYMENT_QUEUE, jobId: job.id, ...counts }, "distribution payments ran");
      return counts;
    },
  );
}

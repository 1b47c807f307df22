import { logger } from "~/services/logger.server";
import type { JobDefinition } from "./job.server";

export const MARKET_EXPIRY_QUEUE = "market-expiry";

/**
 * Expires money and shares in flight (buyer holds, reservations, sell requests,
 * withdrawal holds) on a cron (UTC). `expire` is the domain's expiry, handed in by server.ts (services
 * know no business rule). The expiry claims each record with a conditional update, so even
 * two runs at once release each hold or order exactly once.
 */
export function marketExpiryJob(cron: string, expire: (now: Date) => Promise<Record<string, number>>): JobDefinition {
  return {
    queue: MARKET_EXPIRY_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
    cron,
    worker: { pollingIntervalSeconds: 10 },
    async run(job) {
      const counts = await expire(new Date());
      logger.info({ job: MARKET_EXPIRY_QUEUE, jobId: job.id, ...counts }, "market expiry ran");
      return counts;
    },
  };
}

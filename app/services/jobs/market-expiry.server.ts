import { logger } from "~/services/logger.server";
import { ensureQueue, type PgBoss } from "./boss.server";

export const MARKET_EXPIRY_QUEUE = "market-expiry";

/**
 * Schedules the expiry of money and shares in flight (buyer holds, reservations, sell requests,
 * withdrawal holds) on a cron (UTC). `expire`
 * is the domain's expiry, handed in by server.ts (services know no business rule). Every
 * process registers the same schedule; pg-boss creates one job per firing for one worker,
 * and the expiry itself claims each record with a conditional update, so even two runs at
 * once release each hold or order exactly once.
 */
export async function registerMarketExpiry(
  boss: PgBoss,
  cron: string,
  expire: (now: Date) => Promise<Record<string, number>>,
): Promise<string> {
  await ensureQueue(boss, MARKET_EXPIRY_QUEUE, { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 });
  await boss.schedule(MARKET_EXPIRY_QUEUE, cron, {}, { tz: "UTC" });
  return boss.work(MARKET_EXPIRY_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 10 }, async ([job]) => {
    if (!job) return;
    const counts = await expire(new Date());
    logger.info({ job: MARKET_EXPIRY_QUEUE, jobId: job.id, ...counts }, "market expiry ran");
    return counts;
  });
}

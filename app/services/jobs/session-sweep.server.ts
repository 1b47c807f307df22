import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { sweepExpiredSessions } from "~/services/session.server";
import { ensureQueue, type PgBoss } from "./boss.server";

export const SESSION_SWEEP_QUEUE = "session-sweep";

/**
 * Deletes expired sessions on a cron schedule (UTC). Every process registers the same
 * schedule and a worker; pg-boss creates one job per firing and hands it to one worker.
 */
export async function registerSessionSweep(boss: PgBoss, cron: string): Promise<string> {
  // stately: at most one sweep waiting and one running, however long one takes.
  await ensureQueue(boss, SESSION_SWEEP_QUEUE, { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 300 });
  await boss.schedule(SESSION_SWEEP_QUEUE, cron, {}, { tz: "UTC" });
  return boss.work(SESSION_SWEEP_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 10 }, async ([job]) => {
    if (!job) return;
    const deleted = await sweepExpiredSessions(getPrisma(), new Date());
    // One line per run, with the job it ran: how operators (and a test) see it ran once.
    logger.info({ job: SESSION_SWEEP_QUEUE, jobId: job.id, createdOn: job.createdOn, deleted }, "expired sessions swept");
    return { deleted };
  });
}

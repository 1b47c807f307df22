import { runTransaction, type PrismaClient } from "~/services/db.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { enqueueMail, UnsendableMail } from "./mail-queue.server";
import type { MailMessage } from "./transport.server";

export const MAIL_OUTBOX_QUEUE = "mail-outbox";

/** Mails moved per transaction: small, so one slow batch never holds many rows. */
const BATCH = 50;

type Waiting = { id: string; message: MailMessage };

/**
 * Moves the mails the database functions wrote to `mail_outbox` (ADR 0060) into the mail
 * queue, each exactly once: in one transaction per batch, a row is taken with FOR UPDATE
 * SKIP LOCKED (two drains never take the same row), its mail job is written through the
 * same transaction and the row is marked queued. A crash anywhere leaves either both or
 * neither. A message the queue can never accept is marked refused and logged; anything
 * else (the queue missing, the database away) leaves the batch for the next drain.
 * Answers how many mails it queued.
 */
export async function drainMailOutbox(prisma: PrismaClient): Promise<{ queued: number; refused: number }> {
  const total = { queued: 0, refused: 0 };
  for (;;) {
    const batch = await runTransaction(prisma, "mail.drain-outbox", async (tx) => {
      const rows = await tx.$queryRaw<Waiting[]>`
        SELECT id::text AS id, message FROM mail_outbox
         WHERE queued_at IS NULL
         ORDER BY created_at
         LIMIT ${BATCH}
           FOR UPDATE SKIP LOCKED`;
      const done = { queued: 0, refused: 0, taken: rows.length };
      for (const row of rows) {
        let jobId: string | null = null;
        let refused: string | null = null;
        try {
          jobId = await enqueueMail(row.message, tx);
        } catch (error) {
          if (!(error instanceof UnsendableMail)) throw error;
          refused = error.message;
          logger.warn({ err: error, outboxId: row.id }, "outbox mail can never be sent; marked refused");
        }
        await tx.$executeRaw`UPDATE mail_outbox SET queued_at = now(), job_id = ${jobId}, refused = ${refused} WHERE id = ${row.id}::uuid`;
        if (jobId) done.queued += 1;
        else done.refused += 1;
      }
      return done;
    });
    total.queued += batch.queued;
    total.refused += batch.refused;
    if (batch.taken < BATCH) return total;
  }
}

/**
 * Drains the outbox after a command that wrote to it committed, so its mail leaves at once;
 * a failure only warns, since the scheduled drain will move the mail anyway.
 */
export async function drainMailOutboxSoon(prisma: PrismaClient): Promise<void> {
  try {
    await drainMailOutbox(prisma);
  } catch (error) {
    logger.warn({ err: error }, "outbox not drained now; the scheduled drain will move its mails");
  }
}

/**
 * The scheduled drain: the safety net behind drainMailOutboxSoon, for mails whose process
 * died after the commit. It also runs once when jobs start, so a restart delivers at once.
 */
export function mailOutboxJob(cron: string, prisma: () => PrismaClient): JobDefinition {
  return {
    queue: MAIL_OUTBOX_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 2, retryDelay: 10, expireInSeconds: 120 },
    cron,
    runAtStart: true,
    worker: { pollingIntervalSeconds: 2 },
    async run(job) {
      const counts = await drainMailOutbox(prisma());
      if (counts.queued || counts.refused) logger.info({ job: MAIL_OUTBOX_QUEUE, jobId: job.id, ...counts }, "mail outbox drained");
      return counts;
    },
  };
}

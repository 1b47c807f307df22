import PgBoss from "pg-boss";
import { attemptApart } from "~/services/db-savepoint.server";
import type { Db } from "~/services/db.server";
import { runningJobs } from "~/services/jobs/boss.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import { createMailer, type MailMessage, type MailSettings } from "./transport.server";

export const MAIL_QUEUE = "mail-send";

export type MailQueueOptions = {
  /** Attempts after the first; each waits about twice as long as the one before. */
  retryLimit?: number;
  /** The first retry's delay, in seconds. */
  retryDelaySeconds?: number;
};

/** A message no retry could ever send (no recipient, no subject). */
export class UnsendableMail extends Error {}

function checkMessage(message: MailMessage): MailMessage {
  const to = (Array.isArray(message.to) ? message.to : [message.to]).filter(Boolean);
  if (to.length === 0) throw new UnsendableMail("a mail needs at least one recipient");
  if (typeof message.subject !== "string" || !message.subject.trim()) throw new UnsendableMail("a mail needs a subject");
  return { ...message, to };
}

/**
 * Queues a message for the mail job; returns the job id. Given `db` (normally the open
 * transaction of the event the mail is about), the job is written through it: it commits
 * with the event and vanishes with a rollback, so a crash between the commit and the send
 * loses nothing (docs/decisions/0051). A failure to write it is rolled back to a savepoint,
 * leaving the caller's transaction usable, and thrown for the caller to log. Without `db`,
 * this process's running pg-boss writes the job on its own connection. Either way the job
 * sends with retries, so a slow or failing SMTP server never holds a request open.
 */
export async function enqueueMail(message: MailMessage, db?: Db): Promise<string> {
  const checked = checkMessage(message);
  if (db) {
    const attempt = await attemptApart(db, () => jobWriter().send(MAIL_QUEUE, checked, { db: sqlThrough(db) }));
    if (!attempt.ok) throw attempt.error;
    if (!attempt.value) throw new Error("the mail job was not created (the mail queue does not exist yet)");
    return attempt.value;
  }
  const jobs = runningJobs();
  if (!jobs) throw new Error("jobs are not running in this process; server.ts starts them");
  const id = await jobs.boss.send(MAIL_QUEUE, checked);
  if (!id) throw new Error("the mail job was not created");
  // The worker in this process polls every few seconds; tell it there is work now.
  if (jobs.mailWorkerId) jobs.boss.notifyWorker(jobs.mailWorkerId);
  return id;
}

/**
 * A pg-boss that is never started: it only builds the job's INSERT, which every send runs
 * through the caller's own connection (its `db` option), so it opens no pool of its own.
 */
let writer: PgBoss | undefined;
function jobWriter(): PgBoss {
  writer ??= new PgBoss({
    db: {
      executeSql: () => Promise.reject(new Error("the job writer only sends through a caller's connection")),
    },
  });
  return writer;
}

/** pg-boss's `db` option over a Prisma client or transaction. */
function sqlThrough(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: { id: string }[] }> } {
  return {
    async executeSql(text, values = []) {
      const args = values.map((value) =>
        value === undefined
          ? null
          : typeof value === "object" && value !== null && !(value instanceof Date)
            ? JSON.stringify(value)
            : value,
      );
      const rows = await db.$queryRawUnsafe<{ id: string }[]>(text, ...args);
      return { rows };
    },
  };
}

/** The mail queue (retries with backoff) and its worker, which sends each message. */
export function mailJob(settings: MailSettings, options: MailQueueOptions = {}): JobDefinition<MailMessage> {
  const mailer = createMailer(settings);
  return {
    queue: MAIL_QUEUE,
    queueOptions: {
      retryLimit: options.retryLimit ?? 6,
      retryDelay: options.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: 120,
    },
    // Jobs written inside a money transaction cannot wake this worker (it cannot know when the
    // transaction commits), and pg-boss waits a whole interval after each job it takes: a short
    // interval keeps a burst of mail and its retries moving (ADR 0051).
    worker: { batchSize: 1, pollingIntervalSeconds: 1 },
    async run(job) {
      let sent;
      try {
        sent = await mailer.send(job.data);
      } catch (error) {
        logger.warn({ err: error, job: MAIL_QUEUE, jobId: job.id }, "mail not sent; pg-boss will retry");
        throw error;
      }
      logger.info({ job: MAIL_QUEUE, jobId: job.id, via: sent.via, messageId: sent.messageId }, "mail sent");
      return { via: sent.via, messageId: sent.messageId };
    },
  };
}

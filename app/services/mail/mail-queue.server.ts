import { ensureQueue, runningJobs, type PgBoss } from "~/services/jobs/boss.server";
import { logger } from "~/services/logger.server";
import { createMailer, type MailMessage, type MailSettings } from "./transport.server";

export const MAIL_QUEUE = "mail-send";

export type MailQueueOptions = {
  /** Attempts after the first; each waits about twice as long as the one before. */
  retryLimit?: number;
  /** The first retry's delay, in seconds. */
  retryDelaySeconds?: number;
};

function checkMessage(message: MailMessage): MailMessage {
  const to = (Array.isArray(message.to) ? message.to : [message.to]).filter(Boolean);
  if (to.length === 0) throw new Error("a mail needs at least one recipient");
  if (!message.subject.trim()) throw new Error("a mail needs a subject");
  return { ...message, to };
}

/**
 * Queues a message for the mail job; returns the job id. Call it after the request's
 * transaction committed: the job sends with retries, so a slow or failing SMTP server
 * never holds a request or a database transaction open.
 */
export async function enqueueMail(message: MailMessage): Promise<string> {
  const jobs = runningJobs();
  if (!jobs) throw new Error("jobs are not running in this process; server.ts starts them");
  const id = await jobs.boss.send(MAIL_QUEUE, checkMessage(message));
  if (!id) throw new Error("the mail job was not created");
  // The worker in this process polls every few seconds; tell it there is work now.
  if (jobs.mailWorkerId) jobs.boss.notifyWorker(jobs.mailWorkerId);
  return id;
}

/** Creates the mail queue (retries with backoff) and its worker; returns the worker id. */
export async function registerMailWorker(boss: PgBoss, settings: MailSettings, options: MailQueueOptions = {}): Promise<string> {
  await ensureQueue(boss, MAIL_QUEUE, {
    retryLimit: options.retryLimit ?? 6,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const mailer = createMailer(settings);
  return boss.work<MailMessage>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
    if (!job) return;
    let sent;
    try {
      sent = await mailer.send(job.data);
    } catch (error) {
      logger.warn({ err: error, job: MAIL_QUEUE, jobId: job.id }, "mail not sent; pg-boss will retry");
      throw error;
    }
    logger.info({ job: MAIL_QUEUE, jobId: job.id, via: sent.via, messageId: sent.messageId }, "mail sent");
    return { via: sent.via, messageId: sent.messageId };
  });
}

import { afterAll, beforeAll } from "vitest";
import { createBoss, ensureQueue, type PgBoss } from "../../app/services/jobs/boss.server";
import { MAIL_QUEUE } from "../../app/services/mail/mail-queue.server";

/**
 * pg-boss's schema and the mail queue on the file's test database, with no worker, as the
 * running app has them: a command's mail is queued in its transaction and stays in the job
 * table to be read (without it, every such mail takes the savepoint's warning path).
 * Call after useTestDatabase.
 */
export function useMailQueue(db: { current: { url: string } }): void {
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    boss = createBoss(db.current.url);
    await boss.start();
    await ensureQueue(boss, MAIL_QUEUE, { retryLimit: 0 });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
  });
}

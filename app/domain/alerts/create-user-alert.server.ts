import { attemptApart } from "~/services/db-savepoint.server";
import type { Db } from "~/services/db.server";
import { alertsChannel } from "~/lib/live-channels";
import { logger } from "~/services/logger.server";
import { publish } from "~/services/realtime/publish.server";

export type NewUserAlert = {
  userId: string;
  alertType: string;
  title: string;
  message: string;
  propertyId?: string | null;
  /** When the event happened, if not now (demo data written through the domain, back-dated). */
  createdAt?: Date;
};

/**
 * Adds an alert to a user's bell. Call it inside the transaction of the event it
 * announces, so an alert exists exactly when the event happened (a crash after the commit
 * loses nothing). It also announces the alert on the user's live channel in that
 * transaction: PostgreSQL delivers the notification to every app process once the
 * transaction commits (and drops it on a rollback), so open pages' bells catch up.
 *
 * A failed alert never undoes the event (spec 001 section 8: a failed alert only warns):
 * the insert runs under a savepoint, a failure is logged and answers null.
 */
export async function createUserAlert(db: Db, alert: NewUserAlert): Promise<{ id: string } | null> {
  const attempt = await attemptApart(db, async () => {
    const created = await db.userAlert.create({
      data: {
        userId: alert.userId,
        alertType: alert.alertType,
        title: alert.title,
        message: alert.message,
        propertyId: alert.propertyId ?? null,
        createdAt: alert.createdAt,
      },
      select: { id: true },
    });
    await publish(alertsChannel(alert.userId), { type: "alert", id: created.id }, db);
    return created;
  });
  if (attempt.ok) return attempt.value;
  logger.warn({ err: attempt.error, userId: alert.userId, alertType: alert.alertType }, "alert not created; the event it announces stands");
  return null;
}

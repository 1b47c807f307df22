import type { Db } from "~/services/db.server";
import { alertsChannel } from "~/lib/live-channels";
import { publish } from "~/services/realtime/publish.server";

export type NewUserAlert = {
  userId: string;
  alertType: string;
  title: string;
  message: string;
  propertyId?: string | null;
};

/**
 * Adds an alert to a user's bell. Call it inside the transaction of the event it
 * announces, so an alert exists exactly when the event happened. It also announces the
 * alert on the user's live channel in that transaction: PostgreSQL delivers the
 * notification to every app process once the transaction commits (and drops it on a
 * rollback), so whichever command wrote the alert, open pages' bells catch up.
 */
export async function createUserAlert(db: Db, alert: NewUserAlert): Promise<{ id: string }> {
  const created = await db.userAlert.create({
    data: {
      userId: alert.userId,
      alertType: alert.alertType,
      title: alert.title,
      message: alert.message,
      propertyId: alert.propertyId ?? null,
    },
    select: { id: true },
  });
  await publish(alertsChannel(alert.userId), { type: "alert", id: created.id }, db);
  return created;
}

import type { Db } from "~/services/db.server";

export type NewUserAlert = {
  userId: string;
  alertType: string;
  title: string;
  message: string;
  propertyId?: string | null;
};

/**
 * Adds an alert to a user's bell. Call it inside the transaction of the event it
 * announces, so an alert exists exactly when the event happened.
 */
export async function createUserAlert(db: Db, alert: NewUserAlert): Promise<{ id: string }> {
  return db.userAlert.create({
    data: {
      userId: alert.userId,
      alertType: alert.alertType,
      title: alert.title,
      message: alert.message,
      propertyId: alert.propertyId ?? null,
    },
    select: { id: true },
  });
}

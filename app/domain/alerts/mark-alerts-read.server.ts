import { DomainError } from "~/domain/errors";
import type { Db } from "~/services/db.server";
import { alertsChannel } from "~/lib/live-channels";
import { publish } from "~/services/realtime/publish.server";
import { isUuid } from "~/lib/uuid";

/**
 * Marks one of the user's own alerts read. Someone else's alert, or an id that is not an
 * alert, reads as missing (404) and changes nothing. Marking an already read alert is fine.
 */
export async function markAlertRead(db: Db, userId: string, alertId: string): Promise<void> {
  if (!isUuid(alertId)) throw new DomainError("ALERT_NOT_FOUND", "Alert not found", 404);
  // The owner is part of the condition, so the database decides in one statement.
  const { count } = await db.userAlert.updateMany({ where: { id: alertId, userId }, data: { isRead: true } });
  if (count === 0) throw new DomainError("ALERT_NOT_FOUND", "Alert not found", 404);
  // Other open pages of the same user (another tab, the bell) catch up.
  await publish(alertsChannel(userId), { type: "alert-read", id: alertId }, db);
}

/** Marks every unread alert of the user read; returns how many changed. */
export async function markAllAlertsRead(db: Db, userId: string): Promise<number> {
  const { count } = await db.userAlert.updateMany({ where: { userId, isRead: false }, data: { isRead: true } });
  if (count > 0) await publish(alertsChannel(userId), { type: "alert-read" }, db);
  return count;
}

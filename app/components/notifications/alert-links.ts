import { paths } from "~/lib/paths";

/** Where an alert leads: the property it is about, otherwise the notifications page. */
export function alertHref(alert: { propertyId: string | null }): string {
  return alert.propertyId ? paths.invest(alert.propertyId) : paths.dashboard.notifications();
}

/** The value the bell and the list send as `intent`. */
export const ALERT_INTENTS = { markRead: "mark-read", markAllRead: "mark-all-read" } as const;

import type { Db } from "~/services/db.server";

/** The spec's alerts list limit: 20 a page. */
export const ALERTS_PAGE_SIZE = 20;
/** How many pages "more" may ask for at once, so a crafted URL cannot ask for everything. */
export const MAX_ALERT_PAGES = 50;

export type AlertView = {
  id: string;
  alertType: string;
  title: string;
  message: string;
  propertyId: string | null;
  isRead: boolean;
  createdAt: string;
};

const ALERT_FIELDS = { id: true, alertType: true, title: true, message: true, propertyId: true, isRead: true, createdAt: true } as const;

function toView(row: {
  id: string;
  alertType: string;
  title: string;
  message: string;
  propertyId: string | null;
  isRead: boolean;
  createdAt: Date;
}): AlertView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** `?pages=N` from the notifications page: a whole number from 1 to MAX_ALERT_PAGES, anything else 1. */
export function parseAlertPages(value: string | null): number {
  if (!value || !/^\d{1,3}$/.test(value)) return 1;
  return Math.min(MAX_ALERT_PAGES, Math.max(1, Number(value)));
}

/** The user's alerts, newest first, `pages` × 20 of them, with whether more exist and how many are unread. */
export async function listAlerts(db: Db, userId: string, pages = 1): Promise<{ alerts: AlertView[]; hasMore: boolean; unread: number }> {
  const take = pages * ALERTS_PAGE_SIZE;
  const [rows, unread] = await Promise.all([
    db.userAlert.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: take + 1,
      select: ALERT_FIELDS,
    }),
    countUnreadAlerts(db, userId),
  ]);
  return { alerts: rows.slice(0, take).map(toView), hasMore: rows.length > take, unread };
}

export function countUnreadAlerts(db: Db, userId: string): Promise<number> {
  return db.userAlert.count({ where: { userId, isRead: false } });
}

/** What the header's bell shows: the unread count and the latest alerts. */
export async function getBellSummary(db: Db, userId: string, latest = 10): Promise<{ unread: number; latest: AlertView[] }> {
  const [rows, unread] = await Promise.all([
    db.userAlert.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: latest, select: ALERT_FIELDS }),
    countUnreadAlerts(db, userId),
  ]);
  return { unread, latest: rows.map(toView) };
}

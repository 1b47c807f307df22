import { preparedQuery, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";

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

// $1 the user, $2 how many of the latest alerts. The bell is on every signed-in page, so its
// count and list are one prepared statement rather than two ORM queries (ADR 0026).
const READ_BELL: PreparedStatement = {
  name: "read_bell_summary",
  text: `
    SELECT (SELECT count(*)::int FROM user_alerts WHERE user_id = $1::uuid AND NOT is_read) AS unread,
           a.id::text AS "id", a.alert_type::text AS "alertType", a.title, a.message, a.property_id AS "propertyId",
           a.is_read AS "isRead", a.created_at AS "createdAt"
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT * FROM user_alerts WHERE user_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT $2::int) a ON true
     ORDER BY a.created_at DESC, a.id DESC`,
};

// $1 the user. Every signed-in page's header shows the count; the list is fetched when the bell opens.
const READ_UNREAD: PreparedStatement = {
  name: "read_unread_alerts",
  text: `SELECT count(*)::int AS unread FROM user_alerts WHERE user_id = $1::uuid AND NOT is_read`,
};

/** The bell's badge on every signed-in page: how many alerts are unread. */
export async function getUnreadAlertCount(db: PrismaClient, userId: string): Promise<number> {
  const [row] = await preparedQuery<{ unread: number }>(db, READ_UNREAD, [userId]);
  return row?.unread ?? 0;
}

/** What the bell's panel shows when opened: the unread count and the latest alerts (the spec's list limit, 20). */
export async function getBellSummary(
  db: PrismaClient,
  userId: string,
  latest = ALERTS_PAGE_SIZE,
): Promise<{ unread: number; latest: AlertView[] }> {
  // With no alerts the one row has the count and nulls.
  const rows = await preparedQuery<Parameters<typeof toView>[0] & { unread: number }>(db, READ_BELL, [userId, latest]);
  const latestAlerts = rows.filter((row) => row.id !== null).map(({ unread: _count, ...alert }) => toView(alert));
  return { unread: rows[0]?.unread ?? 0, latest: latestAlerts };
}

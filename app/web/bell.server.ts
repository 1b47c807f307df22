import { getRequestUser } from "~/web/session.server";
import { getBellSummary, getUnreadAlertCount, type AlertView } from "~/domain/alerts/list-alerts.server";
import { dashboardEntryRedirect } from "~/domain/access/access-rules";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";

/**
 * What the header's bell shows on every page: the unread count and the notifications page it
 * links to. The latest alerts are left out (`latest` absent): the panel that lists them is drawn
 * only once scripts run and the bell is opened, and it fetches them then (getBellView through
 * /notifications/latest), so no page carries twenty alerts' text it does not render.
 */
export type BellBadgeView = { unread: number; href: string };
/** The bell with its panel's list: what /notifications/latest answers. */
export type BellSummaryView = BellBadgeView & { latest: AlertView[] };

const notificationsHref = (user: NonNullable<Awaited<ReturnType<typeof getRequestUser>>>) =>
  dashboardEntryRedirect(user) ? paths.notifications() : paths.dashboard.notifications();

/** The signed-in user's bell badge; null for a visitor. */
export async function getBellBadge(request: Request): Promise<BellBadgeView | null> {
  const user = await getRequestUser(request);
  if (!user) return null;
  return { unread: await getUnreadAlertCount(getPrisma(), user.id), href: notificationsHref(user) };
}

/** The signed-in user's bell with the latest alerts, for its panel; null for a visitor. */
export async function getBellView(request: Request): Promise<BellSummaryView | null> {
  const user = await getRequestUser(request);
  if (!user) return null;
  return { ...(await getBellSummary(getPrisma(), user.id)), href: notificationsHref(user) };
}

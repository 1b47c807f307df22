import { getRequestUser } from "~/web/session.server";
import { getBellSummary, type AlertView } from "~/domain/alerts/list-alerts.server";
import { dashboardEntryRedirect } from "~/domain/access/access-rules";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";

/** What the header's bell shows, and the notifications page it links to. */
export type BellSummaryView = { unread: number; latest: AlertView[]; href: string };

/**
 * The signed-in user's bell: the unread count, the latest alerts, and the notifications page
 * they may open (the dashboard's, or /notifications for explorers and waitlist players).
 * Null for a visitor.
 */
export async function getBellView(request: Request): Promise<BellSummaryView | null> {
  const user = await getRequestUser(request);
  if (!user) return null;
  const href = dashboardEntryRedirect(user) ? paths.notifications() : paths.dashboard.notifications();
  return { ...(await getBellSummary(getPrisma(), user.id)), href };
}

import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { requireUserWithinTrial } from "~/web/guards.server";
import { listAlerts, parseAlertPages } from "~/domain/alerts/list-alerts.server";
import { dashboardEntryRedirect } from "~/domain/access/access-rules";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";

/**
 * The bell's "all notifications" for signed-in users who have no investor dashboard
 * (explorers, waitlist players), who get alerts too (KYC, support, the trial). Investors are
 * sent to the dashboard's page. Its forms post to the dashboard page's action, which any
 * signed-in user may use for their own alerts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const pagesParam = new URL(request.url).searchParams.get("pages");
  const pages = parseAlertPages(pagesParam);
  if (!dashboardEntryRedirect(user)) throw redirect(paths.dashboard.notifications(pagesParam ? { pages } : undefined));
  const list = await listAlerts(getPrisma(), user.id, pages);
  return { ...list, pages };
}

export default function Notifications() {
  // The list itself stays live, not only the bell.
  useLiveRevalidation();
  const { pages, ...list } = useLoaderData<typeof loader>();
  return (
    <NotificationsPage morePath={paths.notifications({ pages: pages + 1 })} {...list} className="mx-auto max-w-3xl space-y-4 px-4 py-8" />
  );
}

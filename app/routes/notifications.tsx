import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { MarkAllReadForm } from "~/components/notifications/alert-forms";
import { AlertList } from "~/components/notifications/alert-list";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { buttonClasses } from "~/components/ui/button-styles";
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

export default function NotificationsPage() {
  // The list itself stays live, not only the bell.
  useLiveRevalidation();
  const { alerts, hasMore, unread, pages } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Notifications</h1>
        <MarkAllReadForm unread={unread} returnTo={here} />
      </div>
      <AlertList alerts={alerts} returnTo={here} />
      {hasMore ? (
        <Link to={paths.notifications({ pages: pages + 1 })} preventScrollReset className={buttonClasses("secondary", "md")}>
          Show more
        </Link>
      ) : null}
    </div>
  );
}

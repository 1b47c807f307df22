import { Link, useLocation } from "@remix-run/react";
import { MarkAllReadForm } from "~/components/notifications/alert-forms";
import { AlertList, type AlertItem } from "~/components/notifications/alert-list";
import { buttonClasses } from "~/components/ui/button-styles";

/**
 * The "all notifications" page, whichever route shows it: the investor dashboard's and the
 * one for signed-in users without a dashboard. Only the frame's padding and where "Show more"
 * leads differ.
 */
export function NotificationsPage({
  alerts,
  hasMore,
  unread,
  morePath,
  className,
}: {
  alerts: AlertItem[];
  hasMore: boolean;
  unread: number;
  /** The same page showing one more page of alerts. */
  morePath: string;
  className: string;
}) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Notifications</h1>
        <MarkAllReadForm unread={unread} returnTo={here} />
      </div>
      <AlertList alerts={alerts} returnTo={here} />
      {hasMore ? (
        <Link to={morePath} preventScrollReset className={buttonClasses("secondary", "md")}>
          Show more
        </Link>
      ) : null}
    </div>
  );
}

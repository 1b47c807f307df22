import { Link } from "@remix-run/react";
import { MarkReadForm } from "./alert-forms";
import { alertHref } from "./alert-links";
import { formatIndiaDateTime } from "~/lib/formats";

export type AlertItem = { id: string; title: string; message: string; propertyId: string | null; isRead: boolean; createdAt: string };

/** The notifications page's list: newest first, unread ones marked and each with its own Mark read. */
export function AlertList({ alerts, returnTo }: { alerts: AlertItem[]; returnTo: string }) {
  if (alerts.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">No notifications yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {alerts.map((alert) => (
        <li
          key={alert.id}
          className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between ${alert.isRead ? "" : "bg-brand-50"}`}
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">
              {alert.isRead ? null : <span className="sr-only">Unread: </span>}
              <Link to={alertHref(alert)} className="hover:underline">
                {alert.title}
              </Link>
            </p>
            <p className="mt-1 text-sm break-words text-slate-700">{alert.message}</p>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={alert.createdAt}>{formatIndiaDateTime(alert.createdAt)}</time>
            </p>
          </div>
          {alert.isRead ? (
            <span className="shrink-0 text-xs text-slate-600">Read</span>
          ) : (
            <MarkReadForm alertId={alert.id} returnTo={returnTo} title={alert.title} />
          )}
        </li>
      ))}
    </ul>
  );
}

import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { MarkAllReadForm } from "~/components/notifications/alert-forms";
import { useBellLiveUpdates } from "~/components/realtime/use-live-revalidation";
import { alertHref } from "~/components/notifications/alert-links";
import { useHydrated } from "~/components/ui/use-hydrated";
import { RouteLink } from "~/components/ui/route-link";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime } from "~/lib/formats";

export type BellAlert = { id: string; title: string; message: string; propertyId: string | null; isRead: boolean; createdAt: string };
/**
 * `href`: the notifications page this user may open (the dashboard's, or /notifications without
 * one). `latest` comes only from /notifications/latest: pages carry the count alone, and the
 * panel fetches the list when it opens (app/web/bell.server.ts).
 */
export type BellView = { unread: number; latest?: BellAlert[]; href: string };

const triggerClasses =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

function bellLabel(unread: number): string {
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

function UnreadBadge({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span
      data-testid="bell-unread"
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
}

/**
 * The header's bell: the unread count, and a popover of the latest alerts with Mark all read.
 * Before scripts run (or without them) it is a plain link to the notifications page. It stays
 * live on every page: through the page's own event stream, or its own where a page has none.
 */
export function NotificationBell({ bell: fromPage }: { bell: BellView }) {
  // What the bell fetched for itself after a live event, kept only while the page's own data
  // is the one it was fetched over: the next page load or revalidation is at least as fresh.
  const [fetched, setFetched] = useState<{ over: BellView; view: BellView } | null>(null);
  const [failedOver, setFailedOver] = useState<BellView | null>(null);
  const bell = fetched && fetched.over === fromPage ? fetched.view : fromPage;
  const fromPageRef = useRef(fromPage);
  useEffect(() => {
    fromPageRef.current = fromPage;
  }, [fromPage]);
  const loading = useRef<BellView | null>(null);
  const fetchLatest = useCallback(() => {
    const over = fromPageRef.current;
    loading.current = over;
    setFailedOver(null);
    fetch(paths.notificationsLatest(), { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<BellView>) : null))
      .then((view) => {
        if (view) setFetched({ over, view });
        else setFailedOver(over);
      })
      // A failed fetch leaves the count as it was and says so in an open panel; the next event, open or page load tries again.
      .catch(() => setFailedOver(over))
      .finally(() => {
        if (loading.current === over) loading.current = null;
      });
  }, []);
  useBellLiveUpdates(fetchLatest);
  const hydrated = useHydrated();
  const location = useLocation();
  const panelId = useId();
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const open = openOnPage === location.key;
  const needsList = bell.latest === undefined;
  // The list for the panel: fetched on the way to a click (pointer over, focus) or when it opens.
  const prefetch = () => {
    if (needsList && loading.current !== fromPageRef.current) fetchLatest();
  };
  useEffect(() => {
    if (open && needsList && loading.current !== fromPage) fetchLatest();
  }, [open, needsList, fromPage, fetchLatest]);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent | PointerEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        setOpenOnPage(null);
        buttonRef.current?.focus();
        return;
      }
      if (!rootRef.current?.contains(event.target as Node)) setOpenOnPage(null);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <RouteLink to={bell.href} className={triggerClasses} aria-label={bellLabel(bell.unread)}>
        <BellIcon />
        <UnreadBadge unread={bell.unread} />
      </RouteLink>
    );
  }

  const here = `${location.pathname}${location.search}`;
  return (
    // On a phone the panel spans the header (the nearest positioned box) instead of hanging
    // from the bell, which sits left of the menu button: anchored to the bell it ran off
    // the left edge of a 390 px screen.
    <div ref={rootRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        className={triggerClasses}
        aria-label={bellLabel(bell.unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOnPage(open ? null : location.key)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <BellIcon />
        <UnreadBadge unread={bell.unread} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        role="region"
        aria-label="Latest notifications"
        className="absolute top-full right-4 left-4 z-50 mt-2 rounded-xl border border-slate-200 bg-white shadow-lg sm:right-0 sm:left-auto sm:w-80 sm:max-w-[calc(100vw-2rem)]"
      >
        {/* Drawn when opened: mounted with the bell, its links made the task that ends hydration longer. */}
        {open ? (
          <>
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
              <Link to={bell.href} className="text-sm font-semibold text-brand-700 hover:underline">
                All notifications
              </Link>
              <MarkAllReadForm unread={bell.unread} returnTo={here} />
            </div>
            {bell.latest === undefined ? (
              <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
                {failedOver === fromPage
                  ? "Notifications could not be loaded. Open all notifications to see them."
                  : "Loading notifications…"}
              </p>
            ) : bell.latest.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-600">No notifications yet.</p>
            ) : (
              <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
                {bell.latest.map((alert) => (
                  <li key={alert.id} className={alert.isRead ? "" : "bg-brand-50"}>
                    <Link to={alertHref(alert)} className="block px-4 py-3 hover:bg-slate-50">
                      <span className="block text-sm font-semibold break-words text-ink">
                        {alert.isRead ? null : <span className="sr-only">Unread: </span>}
                        {alert.title}
                      </span>
                      <span className="mt-0.5 block text-sm break-words text-slate-600">{alert.message}</span>
                      <time dateTime={alert.createdAt} className="mt-0.5 block text-xs text-slate-500">
                        {formatIndiaDateTime(alert.createdAt)}
                      </time>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}

import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button-styles";
import { RouteLink } from "~/components/ui/route-link";
import { useDrawnInTheBrowser } from "~/components/ui/use-hydrated";
import { DASHBOARD_NAV, positionPath, sidebarPropertyLabel } from "./sidebar-model";
import { useNonce } from "~/lib/nonce";
import { isUnderPath } from "~/lib/page-title";
import { paths } from "~/lib/paths";

// Tailwind's md breakpoint, where the navigation becomes a sidebar.
const WIDE_SCREEN = "(min-width: 48rem)";
// Runs as the parser reaches it, before the first paint: opens the list just drawn above it.
const OPEN_ON_WIDE_SCREEN = `matchMedia(${JSON.stringify(WIDE_SCREEN)}).matches&&(document.currentScript.previousElementSibling.open=true)`;

export type SidebarProperty = { propertyId: string; title: string | null };

const linkClasses = (isActive: boolean) =>
  [
    "block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
  ].join(" ");

/** A sidebar entry, marked as the current page as NavLink marks it (aria-current and the active colours). */
function SidebarLink({ to, pathname, title, children }: { to: string; pathname: string; title?: string; children: React.ReactNode }) {
  const active = isUnderPath(pathname, to);
  return (
    <RouteLink to={to} className={linkClasses(active)} aria-current={active ? "page" : undefined} title={title}>
      {children}
    </RouteLink>
  );
}

/**
 * The dashboard's own navigation, once in the page: a sidebar from md up; below, every
 * section in a wrapping grid (nothing hidden off-screen) with My Properties and Sign Out under it.
 */
export function DashboardNav({ properties, propertyCount = properties.length }: { properties: SidebarProperty[]; propertyCount?: number }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Dashboard"
      className="border-b border-slate-200 md:w-60 md:shrink-0 md:border-r md:border-b-0 md:px-3 md:py-6 print:hidden"
    >
      <ul className="grid grid-cols-2 gap-1 px-4 py-2 min-[420px]:grid-cols-3 md:block md:space-y-1 md:p-0">
        {DASHBOARD_NAV.map((item) => (
          <li key={item.to}>
            <SidebarLink to={item.to} pathname={pathname}>
              {item.label}
            </SidebarLink>
          </li>
        ))}
      </ul>
      <div className="flex items-start justify-between gap-3 px-4 pb-3 md:block md:p-0">
        <MyProperties properties={properties} total={propertyCount} pathname={pathname} />
        <SignOut className="md:mt-6 md:px-3" everywhere />
      </div>
    </nav>
  );
}

// A native <details> opens and closes with mouse and keyboard, with or without JavaScript.
// It starts closed, so a phone shows the sections first. On a wide screen, where the list has
// room in the sidebar, it is open from the first paint: a small inline script opens it as the
// page is parsed, because opening it when the app's scripts run (after the paint, ADR 0091)
// moved Sign Out down under the reader's pointer. React leaves `open` alone (it is no prop
// here); the effect opens it only when the sidebar is drawn by a navigation in the browser.
function MyProperties({ properties, total, pathname }: { properties: SidebarProperty[]; total: number; pathname: string }) {
  const nonce = useNonce();
  const ref = useRef<HTMLDetailsElement>(null);
  // Only a sidebar drawn in the browser: one the server drew was opened as it was parsed, and
  // the reader may have closed it since (reopening it at hydration undid their click).
  const drawnInTheBrowser = useDrawnInTheBrowser();
  useEffect(() => {
    if (drawnInTheBrowser && ref.current && window.matchMedia(WIDE_SCREEN).matches) ref.current.open = true;
  }, [drawnInTheBrowser]);
  return (
    <>
      <details ref={ref} className="md:mt-4" suppressHydrationWarning>
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
          My Properties <span className="text-slate-500">({total})</span>
        </summary>
        {properties.length === 0 ? (
          <p className="px-3 py-1 text-sm text-slate-500">No investments yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {properties.map((property) => (
              <li key={property.propertyId}>
                <SidebarLink to={positionPath(property.propertyId)} pathname={pathname} title={property.title ?? undefined}>
                  {sidebarPropertyLabel(property.title)}
                </SidebarLink>
              </li>
            ))}
            {total > properties.length ? (
              <li>
                <RouteLink
                  to={`${pathname}?properties=all`}
                  className="block rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  Show all {total} properties
                </RouteLink>
              </li>
            ) : null}
          </ul>
        )}
      </details>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: OPEN_ON_WIDE_SCREEN }} />
    </>
  );
}

/** Sign Out; the sidebar adds 'Sign out everywhere', which ends the sessions on every device too. */
function SignOut({ className = "", everywhere = false }: { className?: string; everywhere?: boolean }) {
  return (
    <Form method="post" action={paths.auth.signOut()} className={className}>
      <button type="submit" className={buttonClasses("secondary", "sm")}>
        Sign Out
      </button>
      {everywhere ? (
        <button
          type="submit"
          name="scope"
          value="everywhere"
          className="mt-2 block text-sm text-slate-600 underline hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Sign out everywhere
        </button>
      ) : null}
    </Form>
  );
}

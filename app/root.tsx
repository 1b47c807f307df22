import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { RouteError } from "~/components/error-pages/route-error";
import type { HeaderUserView } from "~/components/site-header/header-model";
import { SiteHeader } from "~/components/site-header/site-header";
import { SiteFooter } from "~/components/site-footer";
import type { GrievanceOfficer } from "~/lib/grievance-routes";
import { contactDetails } from "~/web/legal-entity.server";
import { ServiceWorkerUpdates } from "~/components/pwa/service-worker-updates";
import { ConnectionNotices } from "~/components/toast/connection-notices";
import { ToastProvider } from "~/components/toast/toast-provider";
import { HydrationFlag } from "~/components/ui/hydration-flag";
import { RouteLinkNavigator } from "~/components/ui/route-link";
import { StaticPageEnhancements } from "~/components/pwa/static-page-enhancements";
import { useNonce } from "~/lib/nonce";
import { InlineStylesheet } from "~/lib/inline-stylesheet";
import { SCRIPTS_AFTER_PAINT } from "~/lib/scripts-after-paint";
import { servedWithoutReact } from "~/lib/route-handle";
import { pageTitle } from "~/lib/page-title";
import { isNotSent } from "~/lib/not-sent";
import type { Toast } from "~/lib/toast";
import { getFlashToasts } from "~/web/flash.server";
import { getHeaderUser } from "~/web/header-user.server";
import type { BellView } from "~/components/site-header/notification-bell";
import { getBellBadge } from "~/web/bell.server";
import { DemoRibbon } from "~/components/demo-ribbon";
import { isDemoMode } from "~/web/demo-mode.server";
import { disableZodJit } from "~/lib/zod-jitless";

// The root module runs before any route module builds a schema, so this covers them all.
disableZodJit();

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installing: the web app manifest (Android, desktop) and the touch icon iOS puts on the home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png", sizes: "180x180" },
];

export const meta: MetaFunction = ({ location, error }) => [
  { title: pageTitle(location.pathname, errorStatusOf(error)) },
  {
    name: "description",
    content: "Aangan: own fractional shares of Indian real estate from about ₹8,300, with KYC-verified investing and a free trial.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flash, bell] = await Promise.all([getHeaderUser(request), getFlashToasts(request), getBell(request)]);
  // Only what the header shows goes to the browser.
  const header: HeaderUserView | null = user
    ? {
        displayName: user.displayName,
        initial: user.initial,
        tier: user.tier,
        isAdmin: user.isAdmin,
        subscriptionActive: user.subscriptionActive,
      }
    : null;
  const contact = contactDetails();
  const grievanceOfficer: GrievanceOfficer = {
    name: contact.grievanceOfficer,
    email: contact.grievanceEmail,
    phone: contact.grievancePhone,
  };
  return data({ user: header, bell, toasts: flash.toasts, demo: isDemoMode(), grievanceOfficer }, { headers: flash.headers });
}

/** The bell's unread count (its panel fetches the latest alerts when opened); revalidated with every loader, so live events refresh it too. */
function getBell(request: Request): Promise<BellView | null> {
  return getBellBadge(request);
}

// The header user and flashed toasts can change on any navigation (a guard may redirect with a
// toast); only a form that never reached the server changed nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult }) => !isNotSent(actionResult);

type RootData = { user: HeaderUserView | null; bell: BellView | null; toasts: Toast[]; demo: boolean; grievanceOfficer: GrievanceOfficer };
const NO_TOASTS: Toast[] = [];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  // The Layout also wraps error pages, where the root loader may not have produced data.
  const rootData = useRouteLoaderData<typeof loader>("root") as RootData | undefined;
  // A route whose handle says `hydrate: false` is served without React's scripts (ADR 0024), unless
  // the app is already running (a client-side navigation there keeps it running). Only the server
  // renders such a page: in the browser React runs, so the answer is always no. Decided without a
  // hydration hook, so hydrating does not end with a synchronous re-render of the whole shell (ADR 0042).
  const matches = useMatches();
  const withoutReact = typeof document === "undefined" && servedWithoutReact(matches);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a4510b" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Aangan" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        {/* The stylesheet is inlined, so the first paint waits for no request (ADR 0042). */}
        <InlineStylesheet nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <ToastProvider flashed={rootData?.toasts ?? NO_TOASTS}>
          {rootData?.demo ? <DemoRibbon /> : null}
          <SiteHeader pathname={pathname} user={rootData?.user ?? null} bell={rootData?.bell ?? null} />
          <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter signedIn={Boolean(rootData?.user)} grievanceOfficer={rootData?.grievanceOfficer ?? null} />
          <ConnectionNotices />
          <ServiceWorkerUpdates />
          <HydrationFlag />
          <RouteLinkNavigator />
        </ToastProvider>
        {withoutReact ? (
          <StaticPageEnhancements nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* Before <Scripts/>: the hook that starts them once the page has painted (ADR 0091). */}
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPTS_AFTER_PAINT }} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Catches the failures no nearer layout catches: 404s get the not-found page, anything
 * else a safe error page. The Layout export still wraps it, so the header stays.
 */
export function ErrorBoundary() {
  return <RouteError error={useRouteError()} />;
}

function errorStatusOf(error: unknown): number | undefined {
  if (error === undefined || error === null) return undefined;
  return isRouteErrorResponse(error) ? error.status : 500;
}

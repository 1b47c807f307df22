import { RouteLink } from "~/components/ui/route-link";
import { BrandMark } from "~/components/ui/brand-mark";
import { DashboardLink, GetStartedLink, SignOutForm, UserBadge } from "./account-controls";
import { buildHeaderModel, type HeaderUserView } from "./header-model";
import { ResponsiveMenu } from "./responsive-menu";
import { NavLinks } from "./nav-links";
import { NotificationBell, type BellView } from "./notification-bell";

export function SiteHeader({ pathname, user, bell = null }: { pathname: string; user: HeaderUserView | null; bell?: BellView | null }) {
  const model = buildHeaderModel(pathname, user);
  // While a menu or the bell's panel is open the header rises above the toasts (z-50), so a
  // toast never covers what the visitor just opened; closed, it stays below dialogs.
  return (
    <header className="sticky top-0 z-40 border-b has-[[aria-expanded=true]]:z-60 has-[details[open]]:z-60 border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <RouteLink
          to="/"
          className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <BrandMark />
          Aangan
        </RouteLink>

        {/* One navigation, laid out by screen width: a row on wide screens, a menu on phones. */}
        {model.showNav ? (
          <ResponsiveMenu>
            <nav aria-label="Main">
              <NavLinks links={model.links} />
            </nav>
            {model.user || model.dashboardHref ? (
              <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 md:mt-0 md:flex-row md:items-center md:border-0 md:pt-0">
                {model.dashboardHref ? <DashboardLink href={model.dashboardHref} /> : null}
                {model.user ? <UserBadge user={model.user} /> : null}
                {model.user ? <SignOutForm /> : null}
              </div>
            ) : null}
          </ResponsiveMenu>
        ) : null}

        <div className={`flex items-center gap-3 ${model.showNav ? "" : "ml-auto"}`}>
          {model.user && bell ? <NotificationBell bell={bell} /> : null}
          {model.showGetStarted ? <GetStartedLink /> : null}
        </div>
      </div>
    </header>
  );
}

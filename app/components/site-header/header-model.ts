import { isUnderPath } from "~/lib/page-title";
import { dashboardHref } from "~/lib/route-table";
import { paths } from "~/lib/paths";
import { type Tier } from "~/lib/enums";

/** The shape of `HeaderUser` from app/web/header-user.server.ts, restated so components need no server import. */
export type HeaderUserView = {
  displayName: string;
  initial: string;
  tier: Tier;
  isAdmin: boolean;
  subscriptionActive: boolean;
};

export type NavLinkItem = { label: string; to: string };

export type HeaderModel = {
  /** False on the landing and sign-in pages, which carry their own calls to action. */
  showNav: boolean;
  links: NavLinkItem[];
  dashboardHref: string | null;
  /** Signed-out visitors get a Get Started link, except on the sign-in page it points to. */
  showGetStarted: boolean;
  user: HeaderUserView | null;
};

const TRADING_TIERS: ReadonlySet<HeaderUserView["tier"]> = new Set(["waitlist_player", "small_investor", "large_investor"]);

export function isNavHidden(pathname: string): boolean {
  return pathname === paths.home() || isUnderPath(pathname, paths.signIn());
}

export function navLinksFor(user: HeaderUserView | null): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { label: "Home", to: paths.welcome() },
    { label: "Properties", to: paths.properties() },
  ];
  if (user && TRADING_TIERS.has(user.tier)) links.push({ label: "Trading", to: paths.trading() });
  if (user?.isAdmin) {
    links.push({ label: "Support", to: paths.admin.support() });
    links.push({ label: "Admin Panel", to: paths.admin.root() });
  }
  return links;
}

export function dashboardHrefFor(user: HeaderUserView | null): string | null {
  if (!user?.subscriptionActive) return null;
  return dashboardHref(user);
}

export function buildHeaderModel(pathname: string, user: HeaderUserView | null): HeaderModel {
  const showNav = !isNavHidden(pathname);
  return {
    showNav,
    links: showNav ? navLinksFor(user) : [],
    dashboardHref: showNav ? dashboardHrefFor(user) : null,
    showGetStarted: !user && !isUnderPath(pathname, paths.signIn()),
    user: showNav ? user : null,
  };
}

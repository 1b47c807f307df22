import { isUnderPath } from "~/lib/page-title";
import { dashboardHref } from "~/lib/route-table";

/** The shape of `HeaderUser` from app/services/header-user.server.ts, restated so components need no server import. */
export type HeaderUserView = {
  displayName: string;
  initial: string;
  tier: "explorer" | "waitlist_player" | "investor" | "small_investor" | "large_investor";
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
  return pathname === "/" || isUnderPath(pathname, "/auth");
}

export function navLinksFor(user: HeaderUserView | null): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { label: "Home", to: "/welcome" },
    { label: "Properties", to: "/properties" },
  ];
  if (user && TRADING_TIERS.has(user.tier)) links.push({ label: "Trading", to: "/trading" });
  if (user?.isAdmin) {
    links.push({ label: "Support", to: "/admin/support" });
    links.push({ label: "Admin Panel", to: "/admin" });
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
    showGetStarted: !user && !isUnderPath(pathname, "/auth"),
    user: showNav ? user : null,
  };
}

import { paths } from "~/lib/paths";

export const SIDEBAR_TITLE_LIMIT = 20;
export const UNKNOWN_PROPERTY = "Unknown Property";

/** A property's name in the sidebar: at most 20 characters, then an ellipsis; a missing one reads 'Unknown Property'. */
export function sidebarPropertyLabel(title: string | null | undefined): string {
  const text = title?.trim();
  if (!text) return UNKNOWN_PROPERTY;
  // Array.from counts code points, so a cut never splits a surrogate pair.
  const chars = Array.from(text);
  return chars.length > SIDEBAR_TITLE_LIMIT ? `${chars.slice(0, SIDEBAR_TITLE_LIMIT).join("")}…` : text;
}

export type DashboardNavItem = { label: string; to: string };

export const DASHBOARD_NAV: readonly DashboardNavItem[] = [
  { label: "Overview", to: paths.dashboard.overview() },
  { label: "Wallet", to: paths.dashboard.wallet() },
  { label: "Transactions", to: paths.dashboard.transactions() },
  { label: "Statements", to: paths.dashboard.statements() },
  { label: "Monthly Plans", to: paths.dashboard.plans() },
  { label: "Nominees", to: paths.dashboard.nominees() },
  { label: "Sell Requests", to: paths.dashboard.sellRequests() },
  { label: "Watchlist", to: paths.dashboard.watchlist() },
  { label: "Updates", to: paths.dashboard.updates() },
  { label: "Notifications", to: paths.dashboard.notifications() },
  { label: "Support", to: paths.dashboard.support() },
  { label: "Complaints", to: paths.dashboard.complaints() },
  { label: "Your Data", to: paths.dashboard.dataRights() },
];

export function positionPath(propertyId: string): string {
  return paths.dashboard.property(propertyId);
}

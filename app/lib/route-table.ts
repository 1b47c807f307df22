/**
 * The app's route table (spec document 001, section 2.1) in one place. The route modules
 * call the guard named here, the authorization matrix test walks every entry, and the
 * header can read page sections and the dashboard link from here.
 */

/**
 * How a route decides who may see it:
 * - public: anyone.
 * - guest: anyone signed out; a signed-in visitor is sent on (/trial-expired or /welcome).
 * - user: signed in (else /auth?redirectTo=...), then the trial-expiry guard.
 * - welcome: signed in; an ended trial without subscription always goes to /trial-expired.
 * - trial-expired: signed in, nothing more (it is where the trial guard sends people).
 * - dashboard: signed in, then the spec's dashboard entry rules.
 * - waitlist-dashboard: signed in, tier waitlist_player only (others to /dashboard/overview).
 * - admin: signed in (else /auth), is_admin (else /dashboard/overview).
 */
export type RouteGuard =
  | "public"
  | "guest"
  | "user"
  | "welcome"
  | "trial-expired"
  | "dashboard"
  | "waitlist-dashboard"
  | "admin";

export type RouteEntry = {
  /** Remix-style pattern, ":name" for a parameter. */
  pattern: string;
  guard: RouteGuard;
  /** Page title section ("{Section} · Aangan"); null for the brand name alone. */
  section: string | null;
  /** Bare paths that only forward to a child. */
  redirectsTo?: string;
  /** The route has an action (a form posts to it). */
  hasAction?: boolean;
};

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { pattern: "/", guard: "guest", section: null },
  { pattern: "/auth", guard: "guest", section: "Sign In" },
  { pattern: "/properties", guard: "public", section: "Properties" },
  { pattern: "/welcome", guard: "welcome", section: "Welcome", hasAction: true },
  { pattern: "/dashboard", guard: "dashboard", section: "Dashboard", redirectsTo: "/dashboard/overview" },
  { pattern: "/dashboard/overview", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/wallet", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/transactions", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/sell-requests", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/watchlist", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/notifications", guard: "dashboard", section: "Dashboard" },
  { pattern: "/dashboard/p/:propertyId", guard: "dashboard", section: "Dashboard" },
  {
    pattern: "/waitlist-dashboard",
    guard: "waitlist-dashboard",
    section: "Waitlist",
    redirectsTo: "/waitlist-dashboard/overview",
  },
  { pattern: "/waitlist-dashboard/overview", guard: "waitlist-dashboard", section: "Waitlist" },
  { pattern: "/waitlist-dashboard/wallet", guard: "waitlist-dashboard", section: "Waitlist" },
  { pattern: "/waitlist-dashboard/watchlist", guard: "waitlist-dashboard", section: "Waitlist" },
  { pattern: "/waitlist-dashboard/learn", guard: "waitlist-dashboard", section: "Waitlist" },
  { pattern: "/waitlist-dashboard/support", guard: "waitlist-dashboard", section: "Waitlist" },
  { pattern: "/trial-expired", guard: "trial-expired", section: "Trial Expired", hasAction: true },
  { pattern: "/kyc", guard: "user", section: "KYC" },
  { pattern: "/invest/:propertyId", guard: "user", section: "Invest", hasAction: true },
  { pattern: "/trading", guard: "user", section: "Trading" },
  { pattern: "/test-analytics", guard: "user", section: "Analytics Test" },
  { pattern: "/admin", guard: "admin", section: "Admin" },
  { pattern: "/admin/users", guard: "admin", section: "Admin" },
  { pattern: "/admin/kyc", guard: "admin", section: "Admin" },
  { pattern: "/admin/properties", guard: "admin", section: "Admin" },
  { pattern: "/admin/properties/new", guard: "admin", section: "Admin" },
  { pattern: "/admin/share-trading", guard: "admin", section: "Admin" },
  { pattern: "/admin/support", guard: "admin", section: "Admin" },
  { pattern: "/admin/investments", guard: "admin", section: "Admin" },
];

/** Sign-in plumbing: not pages of the table, but every one is guarded too. */
export const AUTH_ENDPOINTS = {
  startGoogle: "/auth/google",
  googleCallback: "/auth/google/callback",
  signOut: "/auth/sign-out",
} as const;

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source === "" ? "/" : source}/?$`);
}

const COMPILED = ROUTE_TABLE.map((entry) => ({ entry, regexp: patternToRegExp(entry.pattern) }));

/** The table entry for a pathname, or undefined for paths the table does not know (404). */
export function findRoute(pathname: string): RouteEntry | undefined {
  return COMPILED.find(({ regexp }) => regexp.test(pathname))?.entry;
}

/** Where "Dashboard" and "Open Dashboard" lead. */
export function dashboardHref(viewer: { tier: string }): string {
  return viewer.tier === "waitlist_player" ? "/waitlist-dashboard/overview" : "/dashboard/overview";
}

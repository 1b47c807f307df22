import { paths, type PathBuilder } from "~/lib/paths";

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
 * - data-rights: signed in, any tier, trial or not (DPDP rights are every user's, ADR 0082);
 *   a frozen account has no session.
 * - dashboard: signed in, then the spec's dashboard entry rules.
 * - waitlist-dashboard: signed in, tier waitlist_player only (others to /dashboard/overview).
 * - admin: signed in (else /auth), is_admin (else /dashboard/overview).
 */
export type RouteGuard =
  "public" | "guest" | "user" | "welcome" | "trial-expired" | "data-rights" | "dashboard" | "waitlist-dashboard" | "admin";

export type RouteEntry = {
  /** The typed builder the entry was made from; links to the page use it. */
  path: PathBuilder;
  /** Remix-style pattern, ":name" for a parameter; always `path.pattern`. */
  pattern: string;
  guard: RouteGuard;
  /** Page title section ("{Section} · Aangan"); null for the brand name alone. */
  section: string | null;
  /** The page's own name, put before the section ("Wallet · Dashboard · Aangan", ADR 0022). */
  name?: string;
  /** Bare paths that only forward to a child. */
  redirectsTo?: string;
  /** The route has an action (a form posts to it). */
  hasAction?: boolean;
  /** The spec's words when the page's data cannot be loaded (000/001 §8); see loadFailureFor. */
  loadFailure?: LoadFailure;
};

export type LoadFailure = { title: string; description?: string };

/** An entry whose pattern comes from its builder, so renaming a path renames the entry. */
function page(
  path: PathBuilder,
  guard: RouteGuard,
  section: string | null,
  extra: Pick<RouteEntry, "redirectsTo" | "hasAction" | "name" | "loadFailure"> = {},
): RouteEntry {
  return { path, pattern: path.pattern, guard, section, ...extra };
}

const { dashboard, waitlistDashboard, admin } = paths;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  page(paths.home, "guest", null),
  page(paths.signIn, "guest", "Sign In"),
  page(paths.properties, "public", "Properties", { loadFailure: { title: "Failed to Load Properties" } }),
  page(paths.welcome, "welcome", "Welcome", { hasAction: true }),
  page(dashboard.root, "dashboard", "Dashboard", { redirectsTo: dashboard.overview() }),
  page(dashboard.overview, "dashboard", "Dashboard", { name: "Overview" }),
  page(dashboard.wallet, "dashboard", "Dashboard", { hasAction: true, name: "Wallet" }),
  page(dashboard.transactions, "dashboard", "Dashboard", { name: "Transactions", loadFailure: { title: "Failed to Load Transactions" } }),
  page(dashboard.sellRequests, "dashboard", "Dashboard", {
    hasAction: true,
    name: "Sell Requests",
    loadFailure: { title: "Failed to load orders" },
  }),
  page(dashboard.watchlist, "dashboard", "Dashboard", { name: "Watchlist" }),
  page(dashboard.notifications, "dashboard", "Dashboard", { hasAction: true, name: "Notifications" }),
  page(dashboard.support, "dashboard", "Dashboard", { hasAction: true, name: "Support" }),
  page(dashboard.property, "dashboard", "Dashboard", { hasAction: true, name: "Property" }),
  page(dashboard.complaints, "dashboard", "Dashboard", { hasAction: true, name: "Complaints" }),
  page(dashboard.complaint, "dashboard", "Dashboard", { hasAction: true, name: "Complaint" }),
  page(dashboard.dataRights, "data-rights", "Dashboard", { hasAction: true, name: "Your Data" }),
  page(waitlistDashboard.root, "waitlist-dashboard", "Waitlist", { redirectsTo: waitlistDashboard.overview() }),
  page(waitlistDashboard.overview, "waitlist-dashboard", "Waitlist", { name: "Overview" }),
  page(waitlistDashboard.wallet, "waitlist-dashboard", "Waitlist", { hasAction: true, name: "Wallet" }),
  page(waitlistDashboard.watchlist, "waitlist-dashboard", "Waitlist", { name: "Watchlist" }),
  page(waitlistDashboard.learn, "waitlist-dashboard", "Waitlist", { name: "Learning Resources" }),
  page(waitlistDashboard.support, "waitlist-dashboard", "Waitlist", { hasAction: true, name: "Support" }),
  page(paths.trialExpired, "trial-expired", "Trial Expired", { hasAction: true }),
  page(paths.kyc, "user", "KYC", { hasAction: true }),
  // The watchlist and the bell's notifications for signed-in users without an investor
  // dashboard (explorers; waitlist players for notifications); investors are sent to theirs.
  page(paths.watchlist, "user", "Watchlist", { hasAction: true }),
  page(paths.notifications, "user", "Notifications"),
  page(paths.invest, "user", "Invest", { hasAction: true }),
  // Public so a signed-out visitor reads the spec's log-in notice there (spec 001 §2.12); the page itself requires sign-in for anything else.
  page(paths.trading, "public", "Trading", { hasAction: true, loadFailure: { title: "Failed to load orders" } }),
  page(paths.legal.terms, "public", "Terms"),
  page(paths.legal.privacy, "public", "Privacy"),
  page(paths.legal.privacyNotice, "public", "Privacy", { name: "Notice" }),
  page(paths.legal.risk, "public", "Risk Disclosure"),
  page(paths.legal.fees, "public", "Fees"),
  page(paths.legal.faq, "public", "FAQ"),
  page(paths.legal.contact, "public", "Contact"),
  page(admin.root, "admin", "Admin", { loadFailure: { title: "Failed to load admin data" } }),
  page(admin.users, "admin", "Admin", { hasAction: true, name: "User Management", loadFailure: { title: "Failed to Load Users" } }),
  page(admin.kyc, "admin", "Admin", {
    hasAction: true,
    name: "KYC Management",
    loadFailure: { title: "Failed to Load KYC Data", description: "Unable to fetch KYC submissions." },
  }),
  page(admin.properties, "admin", "Admin", {
    hasAction: true,
    name: "Property Management",
    loadFailure: { title: "Error", description: "Failed to load properties." },
  }),
  page(admin.newProperty, "admin", "Admin", { hasAction: true, name: "Add New Property" }),
  page(admin.shareTrading, "admin", "Admin", { hasAction: true, name: "Share Trading", loadFailure: { title: "Failed to load orders" } }),
  page(admin.support, "admin", "Admin", { hasAction: true, name: "Support Tickets", loadFailure: { title: "Failed to Load Tickets" } }),
  page(admin.grievances, "admin", "Admin", { name: "Grievances" }),
  page(admin.investments, "admin", "Admin", { name: "Investments", loadFailure: { title: "Failed to Load Investments" } }),
  // Beyond the spec's table (ADR 0015): the pages its dialogs become without JavaScript,
  // the audit log and the CSV export. Same guard as every admin page.
  page(admin.user, "admin", "Admin", { hasAction: true, name: "User Details", loadFailure: { title: "Failed to Load User Details" } }),
  page(admin.editProperty, "admin", "Admin", { hasAction: true, name: "Edit Property" }),
  page(admin.audit, "admin", "Admin", { name: "Audit Log" }),
  page(admin.approvals, "admin", "Admin", { hasAction: true, name: "Approvals" }),
  page(admin.analyticsCsv, "admin", "Admin"),
  page(paths.testAnalytics, "user", "Analytics Test", { hasAction: true }),
  page(admin.notesAnalysis, "admin", "Admin", { hasAction: true, name: "Notes Analysis" }),
  // Distributions, statements and the investor's own data (ADRs 0035–0037).
  page(admin.propertyDistributions, "admin", "Admin", { hasAction: true, name: "Distributions" }),
  // A property's sale: proposal, agreement, pay-out (ADR 0071).
  page(admin.propertyExit, "admin", "Admin", { hasAction: true, name: "Property Sale" }),
  page(dashboard.statements, "dashboard", "Dashboard", { name: "Statements" }),
  page(dashboard.accountStatementPdf, "dashboard", "Dashboard"),
  page(dashboard.capitalGainsPdf, "dashboard", "Dashboard"),
  page(dashboard.capitalGainsCsv, "dashboard", "Dashboard"),
  page(dashboard.holdingsCsv, "dashboard", "Dashboard"),
  page(dashboard.dataExport, "data-rights", "Dashboard"),
  // One payment into the wallet through the gateway (ADR 0061), for its owner.
  page(paths.payments.walletPayment, "user", "Payment"),
  page(admin.payments, "admin", "Admin", { hasAction: true, name: "Payments" }),
  // Premium (ADR 0063): signed in is enough, so someone whose trial has ended can still pay for it.
  page(paths.premium.page, "trial-expired", "Premium", { hasAction: true }),
  page(paths.premium.payment, "trial-expired", "Premium", { name: "Payment" }),
  page(paths.premium.receiptPdf, "trial-expired", "Premium"),
  page(admin.premium, "admin", "Admin", { hasAction: true, name: "Premium" }),
  page(admin.bankStatements, "admin", "Admin", { hasAction: true, name: "Bank Statements" }),
  // TDS on distributions, certificates and the tax pack (ADR 0065).
  page(admin.tds, "admin", "Admin", { hasAction: true, name: "TDS" }),
  page(admin.tdsReturnCsv, "admin", "Admin"),
  page(dashboard.tdsCertificatePdf, "dashboard", "Dashboard"),
  page(dashboard.taxPackPdf, "dashboard", "Dashboard"),
  page(dashboard.taxPackCsv, "dashboard", "Dashboard"),
  // Nominees, transmission and the holdings certificate (ADR 0066).
  page(dashboard.nominees, "dashboard", "Dashboard", { hasAction: true, name: "Nominees" }),
  page(dashboard.holdingsCertificate, "dashboard", "Dashboard", { hasAction: true, name: "Holdings Certificate" }),
  page(dashboard.holdingsCertificatePdf, "dashboard", "Dashboard"),
  page(admin.certificates, "admin", "Admin", { hasAction: true, name: "Certificates" }),
  // The updates feed and the status labels (ADR 0070).
  page(admin.propertyUpdates, "admin", "Admin", { hasAction: true, name: "Updates" }),
  page(dashboard.updates, "dashboard", "Dashboard", { name: "Updates" }),
  // Valuations and NAV per share (ADR 0069).
  page(admin.propertyValuations, "admin", "Admin", { hasAction: true, name: "Valuations" }),
  page(admin.valuationReport, "admin", "Admin"),
  // Monthly plans, rent reinvestment and the goal planner (ADR 0072).
  page(dashboard.plans, "dashboard", "Dashboard", { hasAction: true, name: "Monthly Plans" }),
  page(dashboard.plan, "dashboard", "Dashboard", { hasAction: true, name: "Monthly Plan" }),
  page(admin.plans, "admin", "Admin", { name: "Monthly Plans" }),
];

/**
 * The payment gateway's endpoints (ADR 0061): not pages, and not behind a session. The payer's
 * return from the checkout and the webhooks are authenticated by the gateway's signature alone.
 */
export const PAYMENT_ENDPOINTS = {
  checkoutReturn: paths.payments.checkoutReturn(),
  razorpayWebhook: paths.payments.razorpayWebhook(),
} as const;

/** Sign-in plumbing: not pages of the table, but every one is guarded too. */
export const AUTH_ENDPOINTS = {
  startGoogle: paths.auth.google(),
  googleCallback: paths.auth.googleCallback(),
  signOut: paths.auth.signOut(),
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

/**
 * What a page says when its data cannot be loaded: the spec's own title where it names one,
 * otherwise "Failed to Load {page}". Undefined for paths outside the table and the home page.
 */
export function loadFailureFor(pathname: string): LoadFailure | undefined {
  const entry = findRoute(pathname.toLowerCase());
  if (!entry || entry.section === null) return undefined;
  return entry.loadFailure ?? { title: `Failed to Load ${entry.name ?? entry.section}` };
}

/** Where "Dashboard" and "Open Dashboard" lead. */
export function dashboardHref(viewer: { tier: string }): string {
  return viewer.tier === "waitlist_player" ? waitlistDashboard.overview() : dashboard.overview();
}

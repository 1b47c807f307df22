/**
 * Typed builders for every internal address. Each builder carries the Remix pattern it
 * fills in (`paths.invest.pattern === "/invest/:propertyId"`), so the route table, links,
 * redirects and tests all start from one spelling; a unit test checks each pattern
 * against the route files in app/routes.
 */

/** One string per ":param" of a pattern, in order: "/a/:x/b/:y" → [string, string]. */
type ParamValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** A query string to append: pairs whose value is null, undefined or "" are left out. */
export type SearchInput = URLSearchParams | string | Record<string, string | number | null | undefined>;

export type PathBuilder<P extends string = string> = {
  (...args: [...ParamValues<P>, search?: SearchInput]): string;
  readonly pattern: P;
};

function searchString(search: SearchInput | undefined): string {
  if (search === undefined) return "";
  let params: URLSearchParams;
  if (typeof search === "string") params = new URLSearchParams(search.replace(/^\?/, ""));
  else if (search instanceof URLSearchParams) params = search;
  else {
    params = new URLSearchParams();
    for (const [key, value] of Object.entries(search)) {
      if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A builder for `pattern`: call it with one value per ":param" (encoded), then an optional query. */
export function definePath<const P extends string>(pattern: P): PathBuilder<P> {
  const segments = pattern.split("/");
  const paramCount = segments.filter((segment) => segment.startsWith(":")).length;
  const build = (...args: unknown[]): string => {
    for (let index = 0; index < paramCount; index += 1) {
      const value = args[index];
      if (typeof value !== "string" || value === "") throw new TypeError(`${pattern} needs a value for every parameter`);
    }
    let next = 0;
    const path = segments.map((segment) => (segment.startsWith(":") ? encodeURIComponent(args[next++] as string) : segment)).join("/");
    return `${path}${searchString(args[paramCount] as SearchInput | undefined)}`;
  };
  return Object.assign(build, { pattern }) as PathBuilder<P>;
}

export const paths = {
  home: definePath("/"),
  signIn: definePath("/auth"),
  /** The server-sent event stream (resource route). */
  events: definePath("/events"),
  auth: {
    google: definePath("/auth/google"),
    googleCallback: definePath("/auth/google/callback"),
    signOut: definePath("/auth/sign-out"),
  },
  properties: definePath("/properties"),
  welcome: definePath("/welcome"),
  trialExpired: definePath("/trial-expired"),
  /** Premium (ADR 0063): its price and the user's periods, one Premium payment, and a paid period's receipt. */
  premium: {
    page: definePath("/premium"),
    payment: definePath("/premium/payments/:paymentId"),
    receiptPdf: definePath("/premium/periods/:subscriptionId/receipt.pdf"),
  },
  kyc: definePath("/kyc"),
  /** A KYC file, for its owner or an admin (resource route). */
  kycDocument: definePath("/kyc/documents/:documentId"),
  invest: definePath("/invest/:propertyId"),
  trading: definePath("/trading"),
  /** Save, remove and annotate watchlist entries (any signed-in user); ?save= opens the notes dialog. */
  watchlist: definePath("/watchlist"),
  /** The notifications page of users without the investor dashboard (explorers, waitlist players). */
  notifications: definePath("/notifications"),
  /** The bell's unread count and latest alerts as JSON, for the bell to refresh itself (resource route). */
  notificationsLatest: definePath("/notifications/latest"),
  testAnalytics: definePath("/test-analytics"),
  /** The trust pages (legal, fees, risk, contact), linked from the footer. */
  legal: {
    terms: definePath("/terms"),
    privacy: definePath("/privacy"),
    /** The standalone DPDP privacy notice: each kind of data, its purpose and retention (ADR 0067). */
    privacyNotice: definePath("/privacy/notice"),
    risk: definePath("/risk-disclosure"),
    fees: definePath("/fees"),
    faq: definePath("/faq"),
    contact: definePath("/contact"),
  },
  /** A property's uploaded image at one of its widths (?w=), for srcset (resource route). */
  propertyImage: definePath("/property-images/:imageId"),
  /** A property document: public ones for any signed-in user, all for admins (resource route). */
  propertyDocument: definePath("/property-documents/:documentId"),
  dashboard: {
    root: definePath("/dashboard"),
    overview: definePath("/dashboard/overview"),
    wallet: definePath("/dashboard/wallet"),
    transactions: definePath("/dashboard/transactions"),
    transaction: definePath("/dashboard/transactions/:transactionId"),
    transactionPrint: definePath("/dashboard/transactions/:transactionId/print"),
    transactionReceipt: definePath("/dashboard/transactions/:transactionId/receipt.pdf"),
    sellRequests: definePath("/dashboard/sell-requests"),
    watchlist: definePath("/dashboard/watchlist"),
    notifications: definePath("/dashboard/notifications"),
    support: definePath("/dashboard/support"),
    /** Complaints on the grievance clocks (ADR 0067): the list and form, and one complaint. */
    complaints: definePath("/dashboard/complaints"),
    complaint: definePath("/dashboard/complaints/:ticketId"),
    /** Data rights (DPDP): correction, erasure, the nominated representative, the export. */
    dataRights: definePath("/dashboard/data-rights"),
    property: definePath("/dashboard/p/:propertyId"),
    /** The updates feed of the properties the investor holds, held or watches (ADR 0070). */
    updates: definePath("/dashboard/updates"),
    /** Yearly statements (ADR 0036): the page, and the files it links to (resource routes). */
    statements: definePath("/dashboard/statements"),
    accountStatementPdf: definePath("/dashboard/statements/account.pdf"),
    capitalGainsPdf: definePath("/dashboard/statements/capital-gains.pdf"),
    capitalGainsCsv: definePath("/dashboard/statements/capital-gains.csv"),
    holdingsCsv: definePath("/dashboard/statements/holdings.csv"),
    /** TDS (ADR 0065): a quarter's certificate (?year=&quarter=) and the yearly tax pack (?year=). */
    tdsCertificatePdf: definePath("/dashboard/statements/tds-certificate.pdf"),
    taxPackPdf: definePath("/dashboard/statements/tax-pack.pdf"),
    taxPackCsv: definePath("/dashboard/statements/tax-pack.csv"),
    /** Nominees or an explicit opt-out (ADR 0066). */
    nominees: definePath("/dashboard/nominees"),
    /** The signed holdings certificate, "if Aangan disappears" (ADR 0066). */
    holdingsCertificate: definePath("/dashboard/holdings-certificate"),
    holdingsCertificatePdf: definePath("/dashboard/holdings-certificate/:certificateId/certificate.pdf"),
    /** Everything Aangan holds about the signed-in investor, as one zip (resource route). */
    dataExport: definePath("/dashboard/data-export.zip"),
    /** Monthly plans (SIP), rent reinvestment and the goal planner (ADR 0072): the list and form, and one plan. */
    plans: definePath("/dashboard/plans"),
    plan: definePath("/dashboard/plans/:planId"),
  },
  waitlistDashboard: {
    root: definePath("/waitlist-dashboard"),
    overview: definePath("/waitlist-dashboard/overview"),
    wallet: definePath("/waitlist-dashboard/wallet"),
    watchlist: definePath("/waitlist-dashboard/watchlist"),
    learn: definePath("/waitlist-dashboard/learn"),
    support: definePath("/waitlist-dashboard/support"),
  },
  admin: {
    root: definePath("/admin"),
    users: definePath("/admin/users"),
    user: definePath("/admin/users/:userId"),
    kyc: definePath("/admin/kyc"),
    properties: definePath("/admin/properties"),
    newProperty: definePath("/admin/properties/new"),
    editProperty: definePath("/admin/properties/:propertyId/edit"),
    /** Declare, list and pay a property's rent distributions (ADR 0035). */
    propertyDistributions: definePath("/admin/properties/:propertyId/distributions"),
    /** Publish and list a property's updates with their status labels (ADR 0070). */
    propertyUpdates: definePath("/admin/properties/:propertyId/updates"),
    /** Record valuations, set debts and reserves: the property's NAV per share (ADR 0069). */
    propertyValuations: definePath("/admin/properties/:propertyId/valuations"),
    /** A valuation's report, from private storage, for admins. */
    valuationReport: definePath("/admin/properties/:propertyId/valuations/:valuationId/report.pdf"),
    /** Propose, agree and pay out a property's sale (ADR 0071). */
    propertyExit: definePath("/admin/properties/:propertyId/exit"),
    shareTrading: definePath("/admin/share-trading"),
    support: definePath("/admin/support"),
    /** Open complaints and data requests by age, with their clocks (ADR 0067). */
    grievances: definePath("/admin/grievances"),
    investments: definePath("/admin/investments"),
    audit: definePath("/admin/audit"),
    /** Large money movements waiting for a second admin (four-eyes, ADR 0033). */
    approvals: definePath("/admin/approvals"),
    /** The User Analytics CSV export (resource route). */
    analyticsCsv: definePath("/admin/analytics.csv"),
    /** Gateway payments, their exceptions and the webhook inbox (ADR 0061). */
    payments: definePath("/admin/payments"),
    /** The Premium price setting and the latest Premium periods (ADR 0063). */
    premium: definePath("/admin/premium"),
    /** The escrow account's bank statements: import, and credit transfers that quote a request (ADR 0062). */
    bankStatements: definePath("/admin/bank-statements"),
    /** TDS (ADR 0065): the rate table, quarters withheld and deposited, and a quarter's return data (?year=&quarter=). */
    tds: definePath("/admin/tds"),
    tdsReturnCsv: definePath("/admin/tds/return.csv"),
    /** Checks a holdings certificate's verification code (ADR 0066). */
    certificates: definePath("/admin/certificates"),
    /** Monthly plans and their runs: counts and failures by reason (ADR 0072). */
    plans: definePath("/admin/plans"),
    /** AI analysis of watchlist notes per property (runs as a background job). */
    notesAnalysis: definePath("/admin/notes-analysis"),
  },
  /** The payment gateway (ADR 0061): one payment into the wallet (its state, the way to the checkout), the payer's signed return, and webhooks. */
  payments: {
    walletPayment: definePath("/wallet/payments/:paymentId"),
    checkoutReturn: definePath("/payments/return"),
    razorpayWebhook: definePath("/webhooks/razorpay"),
  },
  oauthStandIn: {
    authorize: definePath("/oauth-stand-in/authorize"),
    token: definePath("/oauth-stand-in/token"),
    userinfo: definePath("/oauth-stand-in/userinfo"),
  },
  /** Routes that fail or flash on purpose for the browser tests; 404 unless E2E_PROBES=true. */
  e2eProbe: {
    error: definePath("/e2e-probe/error"),
    toast: definePath("/e2e-probe/toast"),
    dashboardError: definePath("/dashboard/e2e-probe-error"),
  },
} as const;

type PathTree = { readonly [key: string]: PathBuilder | PathTree };

/** Every builder in the tree, for tests that compare them with the route files and the route table. */
export function listPathBuilders(tree: PathTree = paths): PathBuilder[] {
  return Object.values(tree).flatMap((node) => (typeof node === "function" ? [node] : listPathBuilders(node)));
}

import { describe, expect, it } from "vitest";
import { pageTitle, sectionForPath } from "./page-title";
import { loadFailureFor, ROUTE_TABLE } from "./route-table";

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "x-1");

describe("pageTitle", () => {
  it("shows the brand alone on the home page", () => {
    expect(pageTitle("/")).toBe("Aangan");
  });

  it.each([
    ["/auth", "Sign In · Aangan"],
    ["/welcome", "Welcome · Aangan"],
    ["/properties", "Properties · Aangan"],
    ["/invest/abc-123", "Invest · Aangan"],
    ["/dashboard", "Dashboard · Aangan"],
    ["/dashboard/wallet", "Wallet · Dashboard · Aangan"],
    ["/dashboard/transactions", "Transactions · Dashboard · Aangan"],
    ["/dashboard/overview", "Overview · Dashboard · Aangan"],
    ["/dashboard/p/prop-42", "Property · Dashboard · Aangan"],
    ["/waitlist-dashboard/overview", "Overview · Waitlist · Aangan"],
    ["/waitlist-dashboard/learn", "Learning Resources · Waitlist · Aangan"],
    ["/admin", "Admin · Aangan"],
    ["/admin/support", "Support Tickets · Admin · Aangan"],
    ["/admin/users/user-7", "User Details · Admin · Aangan"],
    ["/kyc", "KYC · Aangan"],
    ["/trial-expired", "Trial Expired · Aangan"],
    ["/trading", "Trading · Aangan"],
    ["/test-analytics", "Analytics Test · Aangan"],
    ["/watchlist", "Watchlist · Aangan"],
    ["/notifications", "Notifications · Aangan"],
  ])("titles %s as %s", (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });

  it("names a page below a named page after it", () => {
    expect(pageTitle("/dashboard/transactions/tx-1")).toBe("Transactions · Dashboard · Aangan");
    expect(pageTitle("/dashboard/transactions/tx-1/print")).toBe("Transactions · Dashboard · Aangan");
  });

  it("keeps the section alone when the page failed", () => {
    expect(pageTitle("/dashboard/wallet", 500)).toBe("Dashboard · Aangan");
  });

  it("matches whole path segments only", () => {
    expect(sectionForPath("/waitlist-dashboard")).toBe("Waitlist");
    expect(sectionForPath("/dashboards")).toBeUndefined();
    expect(sectionForPath("/investors")).toBeUndefined();
    expect(sectionForPath("/kyc-help")).toBeUndefined();
  });

  it("ignores case and a trailing slash, as route matching does", () => {
    expect(pageTitle("/Dashboard/")).toBe("Dashboard · Aangan");
    expect(pageTitle("/Dashboard/Wallet/")).toBe("Wallet · Dashboard · Aangan");
    expect(pageTitle("/AUTH")).toBe("Sign In · Aangan");
  });

  it("names unknown paths as not found", () => {
    expect(pageTitle("/no-such-page")).toBe("Page Not Found · Aangan");
    expect(pageTitle("/no-such-page", 404)).toBe("Page Not Found · Aangan");
  });

  it("names a failure outside every section as an error, not a missing page", () => {
    expect(pageTitle("/e2e-probe/error", 500)).toBe("Something Went Wrong · Aangan");
  });

  it.each(ROUTE_TABLE.map((entry) => [entry.pattern, entry] as const))(
    "titles the route-table entry %s by its section and name",
    (pattern, entry) => {
      const expected = entry.section === null ? "Aangan" : [entry.name, entry.section, "Aangan"].filter(Boolean).join(" · ");
      expect(pageTitle(concrete(pattern))).toBe(expected);
      expect(pageTitle(concrete(pattern))).not.toContain("Page Not Found");
    },
  );

  it("names a refused request by its status, never as an unexpected error", () => {
    expect(pageTitle("/admin/kyc", 403)).toBe("Access Denied · Aangan");
    expect(pageTitle("/watchlist", 400)).toBe("Request Not Accepted · Aangan");
    expect(pageTitle("/properties", 405)).toBe("Not Available Here · Aangan");
    expect(pageTitle("/", 429)).toBe("Too Many Requests · Aangan");
    expect(pageTitle("/dashboard/wallet", 500)).toBe("Dashboard · Aangan");
  });
});

describe("load-failure titles", () => {
  it.each([
    ["/properties", "Failed to Load Properties"],
    ["/admin", "Failed to load admin data"],
    ["/admin/users", "Failed to Load Users"],
    ["/admin/users/u-1", "Failed to Load User Details"],
    ["/admin/kyc", "Failed to Load KYC Data"],
    ["/admin/properties", "Error"],
    ["/admin/support", "Failed to Load Tickets"],
    ["/admin/investments", "Failed to Load Investments"],
    ["/trading", "Failed to load orders"],
    ["/dashboard/wallet", "Failed to Load Wallet"],
  ])("names %s's failure %s, as the spec does", (pathname, title) => {
    expect(loadFailureFor(pathname)?.title).toBe(title);
  });

  it("gives every route-table page one, and none to the home page or unknown paths", () => {
    for (const entry of ROUTE_TABLE.filter((e) => e.section !== null)) {
      expect(loadFailureFor(concrete(entry.pattern))?.title, entry.pattern).toMatch(/^(Failed to |Error$)/);
    }
    expect(loadFailureFor("/")).toBeUndefined();
    expect(loadFailureFor("/no-such-page")).toBeUndefined();
  });
});

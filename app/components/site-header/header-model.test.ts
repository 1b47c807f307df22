import { describe, expect, it } from "vitest";
import { buildHeaderModel, dashboardHrefFor, isNavHidden, navLinksFor, type HeaderUserView } from "./header-model";

const user = (overrides: Partial<HeaderUserView> = {}): HeaderUserView => ({
  displayName: "Asha",
  initial: "A",
  tier: "explorer",
  isAdmin: false,
  subscriptionActive: false,
  ...overrides,
});

const labels = (u: HeaderUserView | null) => navLinksFor(u).map((link) => link.label);

describe("isNavHidden", () => {
  it("hides the nav on the landing and sign-in pages only", () => {
    expect(isNavHidden("/")).toBe(true);
    expect(isNavHidden("/auth")).toBe(true);
    expect(isNavHidden("/auth/google/callback")).toBe(true);
    expect(isNavHidden("/properties")).toBe(false);
    expect(isNavHidden("/authors")).toBe(false);
  });
});

describe("navLinksFor", () => {
  it("offers Home and Properties to everyone", () => {
    expect(navLinksFor(null)).toEqual([
      { label: "Home", to: "/welcome" },
      { label: "Properties", to: "/properties" },
    ]);
  });

  it("adds Trading only for waitlist players and small or large investors", () => {
    expect(labels(user({ tier: "explorer" }))).not.toContain("Trading");
    expect(labels(user({ tier: "investor" }))).not.toContain("Trading");
    for (const tier of ["waitlist_player", "small_investor", "large_investor"] as const) {
      expect(navLinksFor(user({ tier }))).toContainEqual({ label: "Trading", to: "/trading" });
    }
  });

  it("adds Support and Admin Panel for admins only", () => {
    expect(labels(user())).not.toContain("Support");
    expect(labels(user())).not.toContain("Admin Panel");
    expect(navLinksFor(user({ isAdmin: true }))).toEqual(
      expect.arrayContaining([
        { label: "Support", to: "/admin/support" },
        { label: "Admin Panel", to: "/admin" },
      ]),
    );
  });
});

describe("dashboardHrefFor", () => {
  it("needs an active subscription", () => {
    expect(dashboardHrefFor(null)).toBeNull();
    expect(dashboardHrefFor(user({ tier: "small_investor", subscriptionActive: false }))).toBeNull();
  });

  it("sends waitlist players to their own dashboard and everyone else to the main one", () => {
    expect(dashboardHrefFor(user({ tier: "waitlist_player", subscriptionActive: true }))).toBe("/waitlist-dashboard/overview");
    expect(dashboardHrefFor(user({ tier: "large_investor", subscriptionActive: true }))).toBe("/dashboard/overview");
    expect(dashboardHrefFor(user({ tier: "explorer", subscriptionActive: true }))).toBe("/dashboard/overview");
  });
});

describe("buildHeaderModel", () => {
  it("shows Get Started to signed-out visitors, but not on the sign-in page itself", () => {
    expect(buildHeaderModel("/properties", null).showGetStarted).toBe(true);
    expect(buildHeaderModel("/", null).showGetStarted).toBe(true);
    expect(buildHeaderModel("/auth", null).showGetStarted).toBe(false);
    expect(buildHeaderModel("/properties", user()).showGetStarted).toBe(false);
  });

  it("drops links, dashboard and account controls where the nav is hidden", () => {
    const subscribedAdmin = user({ isAdmin: true, subscriptionActive: true, tier: "small_investor" });
    expect(buildHeaderModel("/", subscribedAdmin)).toEqual({
      showNav: false,
      links: [],
      dashboardHref: null,
      showGetStarted: false,
      user: null,
    });
    const onProperties = buildHeaderModel("/properties", subscribedAdmin);
    expect(onProperties.showNav).toBe(true);
    expect(onProperties.dashboardHref).toBe("/dashboard/overview");
    expect(onProperties.user).toEqual(subscribedAdmin);
  });
});

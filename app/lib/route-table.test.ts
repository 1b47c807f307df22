import { describe, expect, it } from "vitest";
import { dashboardHref, findRoute, ROUTE_TABLE } from "./route-table";

describe("route table", () => {
  it("lists every route of the spec's table once", () => {
    const patterns = ROUTE_TABLE.map((entry) => entry.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const required of [
      "/",
      "/auth",
      "/properties",
      "/welcome",
      "/trial-expired",
      "/kyc",
      "/trading",
      "/test-analytics",
      "/invest/:propertyId",
      "/admin/properties/new",
    ]) {
      expect(patterns).toContain(required);
    }
  });

  it("matches concrete paths, parameters included", () => {
    expect(findRoute("/dashboard/p/prop-42")?.pattern).toBe("/dashboard/p/:propertyId");
    expect(findRoute("/admin/properties/new")?.guard).toBe("admin");
    expect(findRoute("/dashboard/")?.pattern).toBe("/dashboard");
    expect(findRoute("/nope")).toBeUndefined();
  });

  it("names a title section for every page but the home page", () => {
    for (const entry of ROUTE_TABLE) expect(entry.section === null).toBe(entry.pattern === "/");
  });

  it("sends waitlist players to their own dashboard", () => {
    expect(dashboardHref({ tier: "waitlist_player" })).toBe("/waitlist-dashboard/overview");
    expect(dashboardHref({ tier: "large_investor" })).toBe("/dashboard/overview");
  });
});

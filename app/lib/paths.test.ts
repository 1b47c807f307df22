import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { definePath, listPathBuilders, paths } from "./paths";
import { ROUTE_TABLE } from "./route-table";

/**
 * The URL pattern Remix's flat-routes convention gives a file in a folder of app/routes:
 * "." separates segments, "[...]" escapes, "$name" is a parameter, "$" alone a splat,
 * "_index" an index route, a leading "_" a pathless layout and a trailing "_" opts out of
 * the parent layout without changing the URL.
 */
function flatRoutePattern(fileName: string): string {
  const name = fileName.replace(/\.(tsx|ts|jsx|js)$/, "");
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    else if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += escaped ? `\\${char}` : char;
  }
  segments.push(current);
  const parts = segments
    .filter((segment) => segment !== "_index" && !/^_[^\\]/.test(segment))
    .map((segment) => segment.replace(/(?<!\\)_$/, ""))
    .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment))
    .map((segment) => segment.replace(/\\(.)/g, "$1"));
  return `/${parts.join("/")}`;
}

// The route files sit in one folder per guard (remix.config.js); their names are still flat
// route names. Server modules beside them are helpers, not routes.
const ROUTES_DIR = path.resolve(__dirname, "../routes");
const routeFiles = readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
  .map((file) => path.basename(file))
  .filter((file) => /\.(tsx|ts)$/.test(file) && !file.includes(".test.") && !file.includes(".server."));
const filePatterns = new Map(routeFiles.map((file) => [flatRoutePattern(file), file]));
const builderPatterns = listPathBuilders().map((builder) => builder.pattern);

// Files with no address of their own to link to: the layouts are reached through their
// children and the splat answers every unknown path with the 404 page.
const NOT_LINKED = new Set(["dashboard.tsx", "$.tsx"]);

describe("flat route names", () => {
  it("become the patterns Remix serves", () => {
    expect(flatRoutePattern("_index.tsx")).toBe("/");
    expect(flatRoutePattern("admin.properties._index.tsx")).toBe("/admin/properties");
    expect(flatRoutePattern("auth.google_.callback.tsx")).toBe("/auth/google/callback");
    expect(flatRoutePattern("dashboard.transactions_.$transactionId.receipt[.pdf].tsx")).toBe(
      "/dashboard/transactions/:transactionId/receipt.pdf",
    );
    expect(flatRoutePattern("_auth.login.tsx")).toBe("/login");
    expect(flatRoutePattern("$.tsx")).toBe("/*");
  });
});

describe("path builders", () => {
  it("each name a route file in app/routes", () => {
    const missing = builderPatterns.filter((pattern) => !filePatterns.has(pattern));
    expect(missing, "builders whose pattern has no route file").toEqual([]);
  });

  it("cover every route file, so a new page gets a builder", () => {
    const unbuilt = routeFiles.filter((file) => !NOT_LINKED.has(file) && !builderPatterns.includes(flatRoutePattern(file)));
    expect(unbuilt, "route files without a builder in app/lib/paths.ts").toEqual([]);
  });

  it("are unique", () => {
    expect(new Set(builderPatterns).size).toBe(builderPatterns.length);
  });

  it("fill in encoded parameters and an optional query", () => {
    expect(paths.invest("dummy-1")).toBe("/invest/dummy-1");
    expect(paths.dashboard.property("a b/c")).toBe("/dashboard/p/a%20b%2Fc");
    expect(paths.dashboard.transactionReceipt("t-1")).toBe("/dashboard/transactions/t-1/receipt.pdf");
    expect(paths.dashboard.transactions({ type: "deposit", page: undefined })).toBe("/dashboard/transactions?type=deposit");
    expect(paths.dashboard.transaction("t-1", "?type=all")).toBe("/dashboard/transactions/t-1?type=all");
    expect(paths.signIn({ redirectTo: "/kyc" })).toBe("/auth?redirectTo=%2Fkyc");
    expect(paths.properties({})).toBe("/properties");
    expect(paths.home()).toBe("/");
  });

  it("refuse a missing parameter instead of building a broken link", () => {
    const call = paths.invest as unknown as (...args: unknown[]) => string;
    expect(() => call()).toThrow(TypeError);
    expect(() => call("")).toThrow(TypeError);
    expect(definePath("/a/:x/b/:y")("1", "2")).toBe("/a/1/b/2");
  });
});

describe("route table", () => {
  it("takes every entry's pattern from a builder", () => {
    const builders = listPathBuilders();
    for (const entry of ROUTE_TABLE) {
      expect(builders, entry.pattern).toContain(entry.path);
      expect(entry.pattern).toBe(entry.path.pattern);
    }
  });

  it("forwards bare paths to a page of the table", () => {
    for (const entry of ROUTE_TABLE.filter((e) => e.redirectsTo)) {
      expect(ROUTE_TABLE.map((e) => e.pattern)).toContain(entry.redirectsTo);
    }
  });
});

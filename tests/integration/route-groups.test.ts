import path from "node:path";
import { flatRoutesUniversal } from "@remix-run/dev/dist/config/flat-routes.js";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE, type RouteGuard } from "~/lib/route-table";
import { groupedRoutes, ROUTE_GROUPS } from "../../remix.config.js";

// Route files live in one folder per guard (remix.config.js). Grouping must change nothing
// but where a file sits: the same ids, URLs, nesting and index flags as if every file were
// still in a flat app/routes, and each page of the route table in the folder of its guard.

type Route = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

const APP = path.resolve(import.meta.dirname, "../../app");
const grouped = groupedRoutes() as Record<string, Route>;
const routes = Object.values(grouped);

/** What the default convention would have made of the same files in one flat folder. */
function flatManifest(): Record<string, Route> {
  const flatFiles = routes.map((route) => path.join(APP, "routes", path.basename(route.file)));
  return flatRoutesUniversal(APP, flatFiles, "routes") as Record<string, Route>;
}

const shape = ({ id, parentId, path: routePath, index }: Route) => ({ id, parentId: parentId ?? "root", path: routePath, index: !!index });

function fullPattern(id: string): string {
  const parts: string[] = [];
  for (let route: Route | undefined = grouped[id]; route; route = route.parentId ? grouped[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}

const GROUP_OF_GUARD: Record<RouteGuard, string> = {
  public: "public",
  guest: "public",
  user: "investor",
  welcome: "investor",
  "trial-expired": "investor",
  "data-rights": "investor",
  dashboard: "investor",
  "waitlist-dashboard": "waitlist",
  admin: "admin",
};

describe("routes grouped by guard", () => {
  it("read only the group folders, each file once", () => {
    for (const route of routes) expect(ROUTE_GROUPS, route.file).toContain(route.file.split("/")[1]);
    expect(routes.length).toBeGreaterThan(70);
  });

  it("keep the ids, URLs, nesting and index routes of one flat folder", () => {
    const flat = flatManifest();
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(routes.map(shape).sort(byId)).toEqual(Object.values(flat).map(shape).sort(byId));
  });

  it.each(ROUTE_TABLE.map((entry) => [entry.pattern, entry.guard] as const))("serve %s from the %s guard's folder", (pattern, guard) => {
    const serving = routes.filter((route) => fullPattern(route.id) === pattern);
    expect(serving, `no route serves ${pattern}`).not.toEqual([]);
    for (const route of serving) expect(route.file).toMatch(new RegExp(`^routes/${GROUP_OF_GUARD[guard]}/`));
  });
});

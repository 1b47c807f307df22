import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";

// The server loads React Router's CommonJS build (through @remix-run/server-runtime and
// react-router), which patches/@remix-run+router*.patch changes; load the same file here.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

/** A table shaped like the app's: a root layout, nested layouts, params, an index and a splat. */
function routeTable(): Route[] {
  const leaves = (prefix: string, names: string[]): Route[] => names.map((name) => ({ id: `${prefix}.${name}`, path: name }));
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        ...leaves("page", ["fees", "faq", "terms", "privacy", "contact", "trading", "welcome", "kyc"]),
        { id: "properties", path: "properties" },
        { id: "invest", path: "invest/:propertyId" },
        {
          id: "dashboard",
          path: "dashboard",
          children: [
            { id: "dashboard.index", index: true },
            ...leaves("dashboard", ["overview", "wallet", "watchlist", "transactions", "statements", "notifications"]),
            { id: "dashboard.transaction", path: "transactions/:transactionId" },
            { id: "dashboard.receipt", path: "transactions/:transactionId/receipt.pdf" },
            { id: "dashboard.property", path: "p/:propertyId" },
          ],
        },
        {
          id: "admin",
          path: "admin",
          children: [
            { id: "admin.user", path: "users/:userId" },
            { id: "admin.index", index: true },
          ],
        },
        { id: "exact-case", path: "Exact", caseSensitive: true },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

function matchedIds(routes: Route[], pathname: string) {
  const matches = router.matchRoutes(routes as never, pathname);
  return matches && { ids: matches.map((match) => match.route.id), params: matches.at(-1)!.params };
}

const realRegExp = globalThis.RegExp;
const realSort = Array.prototype.sort;
afterEach(() => {
  globalThis.RegExp = realRegExp;
  Array.prototype.sort = realSort;
});

/** Counts `new RegExp(...)` (how a route's pattern is compiled) while `run` runs. */
function regexpsBuiltDuring(run: () => void): number {
  let built = 0;
  globalThis.RegExp = new Proxy(realRegExp, {
    construct(target, args, newTarget) {
      built++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = realRegExp;
  }
  return built;
}

describe("route matching on the server (ADR 0044)", () => {
  it("compiles each route's pattern once, not on every request", () => {
    const routes = routeTable();
    matchedIds(routes, "/fees");
    // A new table with the same patterns (as each render builds) reuses the compiled patterns too.
    const built = regexpsBuiltDuring(() => {
      for (let request = 0; request < 50; request++) {
        matchedIds(routes, "/fees");
        matchedIds(routeTable(), "/fees");
      }
    });
    expect(built).toBe(0);
  });

  it("ranks a route table once and reuses the ranking for later requests", () => {
    const routes = routeTable();
    matchedIds(routes, "/dashboard/overview");
    let sorts = 0;
    Array.prototype.sort = function (this: unknown[], ...args: Parameters<typeof realSort>) {
      sorts++;
      return realSort.apply(this, args);
    } as typeof realSort;
    for (let request = 0; request < 20; request++) matchedIds(routes, "/dashboard/overview");
    Array.prototype.sort = realSort;
    expect(sorts).toBe(0);
  });

  it("matches exactly as before: params, index routes, case, trailing slashes and the splat", () => {
    const routes = routeTable();
    for (let round = 0; round < 2; round++) {
      expect(matchedIds(routes, "/")).toEqual({ ids: ["root", "index"], params: {} });
      expect(matchedIds(routes, "/fees/")).toEqual({ ids: ["root", "page.fees"], params: {} });
      expect(matchedIds(routes, "/FEES")).toEqual({ ids: ["root", "page.fees"], params: {} });
      expect(matchedIds(routes, "/invest/prop-1")).toEqual({ ids: ["root", "invest"], params: { propertyId: "prop-1" } });
      expect(matchedIds(routes, "/dashboard")).toEqual({ ids: ["root", "dashboard", "dashboard.index"], params: {} });
      expect(matchedIds(routes, "/dashboard/transactions/tx-9")).toEqual({
        ids: ["root", "dashboard", "dashboard.transaction"],
        params: { transactionId: "tx-9" },
      });
      expect(matchedIds(routes, "/dashboard/transactions/tx-9/receipt.pdf")?.ids.at(-1)).toBe("dashboard.receipt");
      expect(matchedIds(routes, "/admin/users/u%2F1")).toEqual({ ids: ["root", "admin", "admin.user"], params: { userId: "u/1" } });
      expect(matchedIds(routes, "/Exact")?.ids.at(-1)).toBe("exact-case");
      expect(matchedIds(routes, "/exact")).toEqual({ ids: ["root", "splat"], params: { "*": "exact" } });
      expect(matchedIds(routes, "/no/such/page")).toEqual({ ids: ["root", "splat"], params: { "*": "no/such/page" } });
    }
    expect(router.matchPath({ path: "/dashboard", end: false }, "/dashboard/wallet")?.pathnameBase).toBe("/dashboard");
    expect(router.matchPath("/dashboard", "/dashboard/wallet")).toBeNull();
    expect(router.matchPath({ path: "/exact", caseSensitive: true }, "/Exact")).toBeNull();
    expect(router.matchPath({ path: "/exact", caseSensitive: false }, "/Exact")?.pathname).toBe("/Exact");
  });

  it("answers a pathname it has matched from the table's kept answer, each caller with its own copy", () => {
    const routes = routeTable();
    const first = router.matchRoutes(routes as never, "/dashboard/transactions/tx-9")!;
    const realMatch = String.prototype.match;
    let tried = 0;
    String.prototype.match = function (this: string, ...args: Parameters<typeof realMatch>) {
      tried++;
      return realMatch.apply(this, args);
    } as typeof realMatch;
    let again;
    try {
      for (let request = 0; request < 20; request++) again = router.matchRoutes(routes as never, "/dashboard/transactions/tx-9")!;
    } finally {
      String.prototype.match = realMatch;
    }
    // Before, each call tried the patterns of every branch ranked ahead of the right one.
    expect(tried).toBe(0);
    expect(again!.map((match) => [match.route.id, match.pathname, match.pathnameBase])).toEqual(
      first.map((match) => [match.route.id, match.pathname, match.pathnameBase]),
    );
    // A caller that changes its answer changes nobody else's: a copy, with one params object per answer as before.
    expect(again).not.toBe(first);
    expect(again![0]!.params).toBe(again!.at(-1)!.params);
    (first.at(-1)!.params as Record<string, string>).transactionId = "changed";
    first.pop();
    expect(matchedIds(routes, "/dashboard/transactions/tx-9")).toEqual({
      ids: ["root", "dashboard", "dashboard.transaction"],
      params: { transactionId: "tx-9" },
    });
    // Unmatched paths are kept too, and an answer kept for one table is never another's.
    expect(router.matchRoutes([{ id: "only", path: "only" }] as never, "/fees")).toBeNull();
    expect(router.matchRoutes([{ id: "only", path: "only" }] as never, "/fees")).toBeNull();
    expect(matchedIds(routes, "/fees")?.ids).toEqual(["root", "page.fees"]);
  });

  it("keeps a bounded number of answers: many distinct paths still match correctly", () => {
    const routes = routeTable();
    for (let n = 0; n < 1200; n++) {
      expect(matchedIds(routes, `/invest/p-${n}`)?.params).toEqual({ propertyId: `p-${n}` });
    }
    expect(matchedIds(routes, "/invest/p-3")?.params).toEqual({ propertyId: "p-3" });
  });

  it("sees a route table built afresh", () => {
    const routes = routeTable();
    expect(matchedIds(routes, "/learn")?.ids.at(-1)).toBe("splat");
    const grown = routeTable();
    grown[0]!.children!.unshift({ id: "page.learn", path: "learn" });
    expect(matchedIds(grown, "/learn")?.ids.at(-1)).toBe("page.learn");
  });

  it("resolves a link given as an object without building its error messages, and still refuses a bad one", () => {
    const realStringify = JSON.stringify;
    let stringified = 0;
    JSON.stringify = ((...args: Parameters<typeof realStringify>) => {
      stringified++;
      return realStringify(...args);
    }) as typeof realStringify;
    let resolved;
    try {
      resolved = router.resolveTo({ pathname: "/dashboard/wallet", search: "?tab=add" }, ["/"], "/dashboard");
    } finally {
      JSON.stringify = realStringify;
    }
    expect(resolved).toMatchObject({ pathname: "/dashboard/wallet", search: "?tab=add" });
    expect(stringified).toBe(0);
    expect(() => router.resolveTo({ pathname: "/wallet?tab=add" }, ["/"], "/")).toThrow(/Cannot include a '\?' character/);
    expect(() => router.resolveTo({ pathname: "/wallet", search: "?a#b" }, ["/"], "/")).toThrow(/Cannot include a '#' character/);
  });

  it("builds the render's route table once per build, not on every request (ADR 0088)", () => {
    // The CommonJS builds the server loads, which patches/ change.
    const { RemixServer } = require("@remix-run/react") as { RemixServer: (props: object) => RenderedServer };
    const build = {
      manifest: {
        routes: {
          root: {
            id: "root",
            path: "",
            hasLoader: true,
            hasAction: false,
            hasClientLoader: false,
            hasClientAction: false,
            hasErrorBoundary: false,
            module: "/root.js",
          },
          fees: {
            id: "fees",
            parentId: "root",
            path: "fees",
            hasLoader: true,
            hasAction: false,
            hasClientLoader: false,
            hasClientAction: false,
            hasErrorBoundary: false,
            module: "/fees.js",
          },
        },
        entry: { module: "/entry.js", imports: [] },
        url: "/manifest.js",
        version: "1",
      },
      routeModules: { root: { default: () => null }, fees: { default: () => null } },
      future: {},
    };
    const render = () => {
      const route = (id: string) => ({ id, path: id === "root" ? "" : id, hasErrorBoundary: false });
      const context = {
        ...build,
        isSpaMode: false,
        serverHandoffString: "{}",
        staticHandlerContext: {
          basename: "/",
          location: { pathname: "/fees", search: "", hash: "", state: null, key: "default" },
          matches: [
            { params: {}, pathname: "/", pathnameBase: "/", route: route("root") },
            { params: {}, pathname: "/fees", pathnameBase: "/fees", route: route("fees") },
          ],
          loaderData: { root: null, fees: null },
          actionData: null,
          errors: null,
          statusCode: 200,
          loaderHeaders: {},
          actionHeaders: {},
        },
      };
      return routerOf(RemixServer({ context, url: "http://localhost/fees" }));
    };
    // The request handler's map of route modules, which keys that table, is made once per build too.
    const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
      createEntryRouteModules: (routes: object) => object;
    };
    const buildRoutes = { root: { id: "root", module: build.routeModules.root }, fees: { id: "fees", module: build.routeModules.fees } };
    expect(createEntryRouteModules(buildRoutes)).toBe(createEntryRouteModules(buildRoutes));
    expect(createEntryRouteModules(buildRoutes)).toEqual(build.routeModules);
    const first = render();
    const second = render();
    expect(first.routes.map((route) => route.id)).toEqual(["root"]);
    expect(first.routes[0]!.children!.map((route) => route.id)).toEqual(["fees"]);
    // The same table (so its ranked branches are reused), each request still with its own state.
    expect(second.routes).toBe(first.routes);
    expect(second.state).not.toBe(first.state);
    expect(second.state.matches.map((match) => match.route)).toEqual(first.routes[0] && [first.routes[0], first.routes[0].children![0]]);
  });
});

type StaticRouter = { routes: Route[]; state: { matches: { route: Route }[] } };
type RenderedServer = { props: { children: unknown } };

/** The static router RemixServer hands to React Router, found in the element tree it returns. */
function routerOf(element: unknown): StaticRouter {
  const queue = [element];
  while (queue.length) {
    const next = queue.shift() as { props?: { router?: StaticRouter; children?: unknown } } | null;
    if (!next || typeof next !== "object") continue;
    if (next.props?.router) return next.props.router;
    const children = next.props?.children;
    queue.push(...(Array.isArray(children) ? children : [children]));
  }
  throw new Error("RemixServer rendered no router");
}

describe("resolving a link's absolute path", () => {
  // Every <Link to="/..."> on a page resolves its path; the patch returns a path with no dot in
  // it as it is, and resolves "." and ".." segments as before.
  it.each([
    ["/", "/"],
    ["/dashboard/transactions", "/dashboard/transactions"],
    ["/dashboard/transactions/", "/dashboard/transactions/"],
    ["/dashboard/./transactions", "/dashboard/transactions"],
    ["/dashboard/p/../transactions", "/dashboard/transactions"],
    ["/../dashboard", "/dashboard"],
    ["/dashboard/..", "/"],
    ["/dashboard/statements/account.pdf", "/dashboard/statements/account.pdf"],
    ["/.well-known/security.txt", "/.well-known/security.txt"],
    ["/invest/3f1c.../sell", "/invest/3f1c.../sell"],
  ])("%s resolves to %s, from any route", (to, pathname) => {
    for (const from of ["/", "/dashboard/overview", "/admin/users/"]) {
      expect(router.resolvePath(to, from).pathname).toBe(pathname);
      expect(router.resolveTo(to, [from], from).pathname).toBe(pathname);
    }
  });

  it("keeps the search and hash apart from the path", () => {
    expect(router.resolvePath("/dashboard/transactions?type=dividend#latest", "/")).toEqual({
      pathname: "/dashboard/transactions",
      search: "?type=dividend",
      hash: "#latest",
    });
  });
});

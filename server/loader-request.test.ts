import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The patched module itself (patches/@remix-run+server-runtime+2.17.5.patch), as the server loads it.
const require = createRequire(import.meta.url);
const data = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: {
    loadContext: unknown;
    loader: (args: { request: Request }) => unknown;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }) => Promise<unknown>;
};

/** The request a loader is handed for `request`, through Remix's own call. */
async function requestSeenByLoader(request: Request): Promise<Request> {
  let seen: Request | undefined;
  await data.callRouteLoader({
    loadContext: {},
    loader: ({ request: given }) => {
      seen = given;
      return null;
    },
    params: {},
    request,
    routeId: "routes/test",
    singleFetch: true,
  });
  return seen!;
}

describe("the request a loader gets", () => {
  it("is the page's own request when there is nothing to strip, so no copy is built for each loader", async () => {
    const request = new Request("http://aangan.test/dashboard/transactions?page=2&type=investment");
    const seen = await requestSeenByLoader(request);
    expect(seen).toBe(request);
    expect(seen.signal).toBe(request.signal);
  });

  it("still loses Remix's own index and _routes parameters and keeps the rest", async () => {
    const seen = await requestSeenByLoader(new Request("http://aangan.test/properties?index&page=3&_routes=root"));
    const params = new URL(seen.url).searchParams;
    expect(params.has("index")).toBe(false);
    expect(params.has("_routes")).toBe(false);
    expect(params.get("page")).toBe("3");
  });

  it("keeps a value that merely contains the word, and an index that carries a value", async () => {
    const seen = await requestSeenByLoader(new Request("http://aangan.test/properties?q=reindex&index=kept"));
    const params = new URL(seen.url).searchParams;
    expect(params.get("q")).toBe("reindex");
    expect(params.get("index")).toBe("kept");
  });

  it("follows the page's abort", async () => {
    const controller = new AbortController();
    const seen = await requestSeenByLoader(new Request("http://aangan.test/properties?_routes=root", { signal: controller.signal }));
    controller.abort();
    expect(seen.signal.aborted).toBe(true);
  });
});

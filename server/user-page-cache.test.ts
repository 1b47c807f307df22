import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import { UserPageCache } from "./user-page-cache";

const cache = (options: Partial<ConstructorParameters<typeof UserPageCache>[0]> = {}) =>
  new UserPageCache({
    ttlMs: 30_000,
    paths: [/^\/dashboard\/overview(\.data)?$/],
    sessionCookieName: "__Host-s",
    maxEntries: 2,
    ...options,
  });
const request = (path: string, cookie?: string, method = "GET") =>
  ({ method, path, originalUrl: path, headers: cookie === undefined ? {} : { cookie } }) as unknown as ExpressRequest;
const page = (marker: string) => ({ status: 200, headers: [], body: Buffer.from(marker), nonce: "" });

describe("which requests may use a kept signed-in page", () => {
  it("a GET of a listed page carrying the session cookie and nothing else", () => {
    expect(cache().keyFor(request("/dashboard/overview", "__Host-s=abc"))).toBe("/dashboard/overview");
    expect(cache().keyFor(request("/dashboard/overview.data", " __Host-s=abc; "))).toBe("/dashboard/overview.data");
  });

  it("not with another cookie beside it, without one, for another page or method, or with the cache off", () => {
    expect(cache().keyFor(request("/dashboard/overview", "__Host-s=abc; __Host-flash=x"))).toBeNull();
    expect(cache().keyFor(request("/dashboard/overview", "__Host-s-other=abc"))).toBeNull();
    expect(cache().keyFor(request("/dashboard/overview"))).toBeNull();
    expect(cache().keyFor(request("/dashboard/wallet", "__Host-s=abc"))).toBeNull();
    expect(cache().keyFor(request("/dashboard/overview", "__Host-s=abc", "POST"))).toBeNull();
    expect(cache({ ttlMs: 0 }).keyFor(request("/dashboard/overview", "__Host-s=abc"))).toBeNull();
  });
});

describe("a kept signed-in page", () => {
  it("is given out only under the version it was rendered under, and before its expiry", () => {
    const kept = cache();
    kept.set("k", page("one"), "3:7", 2_000);
    expect(kept.get("k", "3:7", 1_000)?.body.toString()).toBe("one");
    expect(kept.get("k", "4:7", 1_000)).toBeUndefined();
    // A stale version is dropped, not kept for later.
    expect(kept.get("k", "3:7", 1_000)).toBeUndefined();
    kept.set("k", page("two"), "3:7", 2_000);
    expect(kept.get("k", "3:7", 2_000)).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the least recently used", () => {
    const kept = cache({ maxEntries: 2 });
    kept.set("a", page("a"), "v", Infinity);
    kept.set("b", page("b"), "v", Infinity);
    kept.get("a", "v");
    kept.set("c", page("c"), "v", Infinity);
    expect(kept.size).toBe(2);
    expect(kept.get("b", "v")).toBeUndefined();
    expect(kept.get("a", "v")).toBeDefined();
  });

  it("expires after the TTL, at midnight in UTC and in India, and when the user's trial ends", () => {
    const kept = cache({ ttlMs: 30_000 });
    const far = { trialExpiresAt: new Date("2030-01-01T00:00:00Z") };
    const noon = Date.parse("2026-11-24T12:00:00Z");
    expect(kept.expiryFor(far, noon)).toBe(noon + 30_000);
    // 18:29:50 UTC is 23:59:50 in India.
    const beforeIndiaMidnight = Date.parse("2026-11-24T18:29:50Z");
    expect(kept.expiryFor(far, beforeIndiaMidnight)).toBe(Date.parse("2026-11-24T18:30:00Z"));
    const beforeUtcMidnight = Date.parse("2026-11-24T23:59:55Z");
    expect(kept.expiryFor(far, beforeUtcMidnight)).toBe(Date.parse("2026-11-25T00:00:00Z"));
    expect(kept.expiryFor({ trialExpiresAt: new Date(noon + 5_000) }, noon)).toBe(noon + 5_000);
    // A trial that ended long ago (a subscriber's) does not bound it.
    expect(kept.expiryFor({ trialExpiresAt: new Date(noon - 5_000) }, noon)).toBe(noon + 30_000);
  });
});

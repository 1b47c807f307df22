import type { Request as ExpressRequest } from "express";
import type { CachedPage } from "./micro-cache";

export type UserPageCacheOptions = {
  /** The longest a kept page is served (what it shows of time, such as the chart's last day, ages this much at most). */
  ttlMs: number;
  /** Signed-in pages that may be kept (their document and `.data` URLs). */
  paths: RegExp[];
  /** The session cookie's name: a request carrying any other cookie (a flash message) is never served from memory. */
  sessionCookieName: string;
  maxEntries: number;
};

type KeptPage = Omit<CachedPage, "expiresAt"> & { pageVersion: string; expiresAt: number };

const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A signed-in investor's own pages, kept in this worker's memory and served again only to the
 * same session, and only while the database's page version for that investor and for the
 * catalogue is the one the page was rendered under (ADR 0045). The version is read in the
 * session's own statement on every request, so a change committed by any process is seen by
 * the next request; nothing here is invalidated by messages.
 */
export class UserPageCache {
  // A Map iterates in insertion order: the first entry is the least recently used.
  private readonly entries = new Map<string, KeptPage>();

  constructor(private readonly options: UserPageCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** The URL part of the key for a request that may use the cache, or null. */
  keyFor(req: ExpressRequest): string | null {
    if (this.options.ttlMs <= 0 || req.method !== "GET" || req.headers.authorization !== undefined) return null;
    if (!this.options.paths.some((pattern) => pattern.test(req.path))) return null;
    if (!onlyCookieIs(req.headers.cookie, this.options.sessionCookieName)) return null;
    return req.originalUrl;
  }

  get(key: string, pageVersion: string, now = Date.now()): KeptPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.pageVersion !== pageVersion || entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: Omit<CachedPage, "expiresAt">, pageVersion: string, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { ...page, pageVersion, expiresAt });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * When a page rendered now for this user stops being served: after the TTL, at the next
   * midnight in UTC (the chart's days) or in India (dates on the page), and before the user's
   * trial ends (the dashboard's guard turns them away then, with no row changed).
   */
  expiryFor(user: { trialExpiresAt: Date }, now = Date.now()): number {
    const nextUtcMidnight = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
    const nextIndiaMidnight = Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - IST_OFFSET_MS;
    const trialEnds = user.trialExpiresAt.getTime();
    return Math.min(now + this.options.ttlMs, nextUtcMidnight, nextIndiaMidnight, trialEnds > now ? trialEnds : Infinity);
  }
}

/** True when the Cookie header holds exactly one cookie, named `name`. */
function onlyCookieIs(header: string | undefined, name: string): boolean {
  if (!header) return false;
  const cookies = header.split(";").filter((part) => part.trim() !== "");
  return cookies.length === 1 && cookies[0]!.trim().startsWith(`${name}=`);
}

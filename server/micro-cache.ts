import type { Request as ExpressRequest } from "express";
import pg from "pg";
import { logger } from "~/services/logger.server";
import type { PrecompressedPage } from "./spliced-gzip";

import { PAGE_CACHE_CHANNEL } from "~/services/realtime/bus.server";

export { PAGE_CACHE_CHANNEL };

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce the body was rendered with; swapped for each reader's own. */
  nonce: string;
  /**
   * The body cut at every occurrence of the nonce, so an answer is the pieces joined with the
   * reader's nonce: bytes copied, never decoded, searched or re-encoded per hit (ADR 0026).
   */
  pieces?: Buffer[];
  /** The pieces compressed once, for readers who accept gzip (server/spliced-gzip.ts). */
  gzip?: PrecompressedPage;
  expiresAt: number;
};

/** `body` cut at every occurrence of `nonce` (the whole body when there is none). */
export function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

/** The cached body with `nonce` where the rendering's own was. */
export function withNonce(pieces: readonly Buffer[], nonce: string): Buffer {
  if (pieces.length === 1) return pieces[0]!;
  const needle = Buffer.from(nonce, "utf8");
  const parts: Buffer[] = [];
  pieces.forEach((piece, index) => {
    if (index > 0) parts.push(needle);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

export type MicroCacheOptions = {
  ttlMs: number;
  /** Pages that may be kept (public pages whose HTML is the same for every signed-out visitor). */
  paths: RegExp[];
  maxEntries?: number;
};

/**
 * A few seconds of memory for public pages read by signed-out visitors (docs/decisions/0027).
 * Only a GET without any cookie or credentials is served from or stored in the cache, so a
 * signed-in visitor (or one with a flash message waiting) always gets their own render, and
 * nothing rendered for one is ever kept. Any change to a property, its images or documents
 * (a NOTIFY from the database's triggers, from any process) empties it; so does losing the
 * LISTEN connection, after which nothing is kept until it is back.
 */
export class MicroCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inFlight = new Map<string, Promise<CachedPage | undefined>>();
  private version = 0;
  private listening = false;
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MicroCacheOptions) {}

  /** Listens for property changes on `databaseUrl`; without it the cache never keeps anything. */
  async listen(databaseUrl: string): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      this.invalidate();
      client.removeAllListeners();
      client.on("error", () => undefined);
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      logger.warn({ err: error }, "page cache: LISTEN connection lost; caching paused");
      this.retryTimer = setTimeout(() => void this.listen(databaseUrl).catch(() => undefined), 2_000);
      this.retryTimer.unref();
    };
    this.client = client;
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", () => this.invalidate());
    try {
      await client.connect();
      await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
      // Whatever changed while nobody listened is not in the cache: it was emptied on loss.
      this.listening = true;
    } catch (error) {
      lost(error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    this.invalidate();
    await client?.end().catch(() => undefined);
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cache key for a request that may use the cache, or null. */
  keyFor(req: ExpressRequest): string | null {
    if (this.options.ttlMs <= 0 || !this.listening) return null;
    if (req.method !== "GET") return null;
    if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return null;
    if (!this.options.paths.some((pattern) => pattern.test(req.path))) return null;
    return req.originalUrl;
  }

  /**
   * The kept page for `key`. Past its time it is still given out while another request is
   * rendering its successor (stale while revalidating: a change to a property has emptied
   * the cache anyway, so a stale page differs only by the seconds it has aged); otherwise the
   * caller renders it again.
   */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now && !this.inFlight.has(key)) return undefined;
    return entry;
  }

  /**
   * Marks `key` as being rendered; until the returned function is called with the page (or
   * undefined when it may not be kept), `rendering(key)` answers with that promise, so a burst
   * of signed-out visitors costs one render.
   */
  startRendering(key: string): (page: CachedPage | undefined) => void {
    if (this.inFlight.has(key)) return () => undefined;
    let settle: (page: CachedPage | undefined) => void = () => undefined;
    this.inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    return (page) => {
      this.inFlight.delete(key);
      settle(page);
    };
  }

  /** The page being rendered for `key` right now, if any (undefined when it could not be kept). */
  rendering(key: string): Promise<CachedPage | undefined> | undefined {
    return this.inFlight.get(key);
  }

  /** A token to pass to `set`: a page rendered before a change finished is not kept. */
  get currentVersion(): number {
    return this.version;
  }

  set(key: string, page: Omit<CachedPage, "expiresAt">, renderedAtVersion: number, now = Date.now()): void {
    if (!this.listening || renderedAtVersion !== this.version) return;
    if (this.entries.size >= (this.options.maxEntries ?? 500)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...page, expiresAt: now + this.options.ttlMs });
  }
}

/** Headers of a response worth keeping (not per-connection ones). */
export function keptHeaders(headers: Headers): [string, string][] {
  const skip = new Set(["content-length", "connection", "transfer-encoding", "date", "server-timing"]);
  return [...headers.entries()].filter(([name]) => !skip.has(name.toLowerCase()));
}

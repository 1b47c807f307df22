import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { readPageTogether } from "~/services/db.server";
import { currentRequestTimings, timed } from "~/services/request-timing.server";
import { getSessionWithPageVersion } from "~/services/session.server";
import { rememberRequestUser } from "~/web/session.server";
import { cutAtNonce, keptHeaders, withNonce, type CachedPage, type MicroCache } from "./micro-cache";
import type { UserPageCache } from "./user-page-cache";
import { requestBodyOf } from "./request-guards";
import { gzipWithNonce, precompress } from "./spliced-gzip";
import { DocumentGzip, precompressConstant, type SplicedConstant } from "./document-gzip";
import { STYLESHEET_ELEMENT_ID } from "~/lib/inline-stylesheet";
import { writeBody, writeWholeBody } from "./write-body";

export type RemixHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Public pages for signed-out visitors, kept a few seconds (server/micro-cache.ts). */
  cache?: MicroCache;
  /** A signed-in investor's own pages, served again while the database's page version holds (server/user-page-cache.ts). */
  userCache?: UserPageCache;
  /** This response's CSP nonce (a cached page's is swapped for it). */
  nonceOf?: (res: ExpressResponse) => string;
};

/**
 * What @remix-run/express's handler does, except that the app reads the size-limited body from
 * `limitBodies` rather than the raw socket, and an answer already sent on the app's
 * behalf (the 413 for a body that grew too large mid-read) is not sent twice.
 */
export function remixHandler(options: RemixHandlerOptions): RequestHandler {
  const build = typeof options.build === "function" ? withTimedBuild(options.build) : timedBuild(options.build);
  const handle = createRequestHandler(build, options.mode);
  const stylesheetOf = pageStylesheet(build);
  return async (req, res, next) => {
    try {
      const cacheKey = options.cache?.keyFor(req) ?? null;
      const nonce = options.nonceOf?.(res) ?? "";
      if (cacheKey) {
        const hit = options.cache!.get(cacheKey) ?? (await options.cache!.rendering(cacheKey));
        if (hit) return sendCachedPage(res, hit, nonce, "hit");
      }
      const keepForUser = await userPageToKeep(options.userCache, req);
      if (keepForUser?.hit) return sendCachedPage(res, keepForUser.hit, nonce, "hit");
      const version = options.cache?.currentVersion ?? 0;
      // Signed-out visitors asking for the same page meanwhile wait for this render instead of repeating it.
      const finishRendering = cacheKey ? options.cache!.startRendering(cacheKey) : undefined;
      let response: Response;
      try {
        const render = () => handle(toFetchRequest(req, res), options.getLoadContext(req, res));
        // A page's loaders run side by side; the reads they start together go as one statement
        // (ADR 0105). Only reads: an action's statements are sent as they are.
        response = await (req.method === "GET" || req.method === "HEAD" ? readPageTogether(render) : render());
      } catch (error) {
        finishRendering?.(undefined);
        throw error;
      }
      const timings = currentRequestTimings();
      if (timings && !res.headersSent) res.setHeader("Server-Timing", timings.header());
      if (keepForUser && !res.headersSent && cacheable(response)) {
        const page = await pageToKeep(response, nonce);
        options.userCache!.set(keepForUser.key, page, keepForUser.pageVersion, keepForUser.expiresAt);
        return sendCachedPage(res, page, nonce, "miss");
      }
      if (cacheKey && !res.headersSent && cacheable(response)) {
        const page = await pageToKeep(response, nonce);
        options.cache!.set(cacheKey, page, version);
        finishRendering?.({ ...page, expiresAt: 0 });
        return sendCachedPage(res, page, nonce, "miss");
      }
      finishRendering?.(undefined);
      if (res.headersSent) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      // A route that answered without reading the whole body (a guard's redirect): close
      // the connection rather than read the rest of it to reuse the socket.
      if (!req.complete && req.method !== "GET" && req.method !== "HEAD") res.setHeader("Connection", "close");
      await sendResponse(res, response, await stylesheetOf());
    } catch (error) {
      if (res.headersSent) return;
      next(error);
    }
  };
}

type UserPageToKeep = { key: string; pageVersion: string; expiresAt: number; hit?: Omit<CachedPage, "expiresAt"> };

/**
 * For a signed-in page that may be kept: reads the session with the page version (one
 * statement, which this request's loaders then reuse instead of reading the session again),
 * and gives the kept page when its version is still the database's. The version is read
 * before any loader runs, so a page is never kept under a version newer than its data.
 */
async function userPageToKeep(cache: UserPageCache | undefined, req: ExpressRequest): Promise<UserPageToKeep | undefined> {
  const url = cache?.keyFor(req);
  if (!url) return undefined;
  // Signed out (or expired), or the database unreachable: the page's own loaders answer, as
  // without the cache (the guard's redirect; the friendly 503 of ADR 0034).
  const signedIn = await timed("session", "session", () => getSessionWithPageVersion(req.headers.cookie ?? null)).catch(() => null);
  if (!signedIn) return undefined;
  rememberRequestUser(signedIn.user);
  const key = `${signedIn.sessionKey} ${url}`;
  return {
    key,
    pageVersion: signedIn.pageVersion,
    expiresAt: cache!.expiryFor(signedIn.user),
    hit: cache!.get(key, signedIn.pageVersion),
  };
}

async function pageToKeep(response: Response, nonce: string): Promise<Omit<CachedPage, "expiresAt">> {
  const body = Buffer.from(await response.arrayBuffer());
  const pieces = cutAtNonce(body, nonce);
  const headers = keptHeaders(response.headers);
  return {
    status: response.status,
    headers,
    body,
    nonce,
    pieces,
    gzip: worthPrecompressing(headers, body) ? precompress(pieces) : undefined,
  };
}

/** A whole, ordinary page: a 200 that sets no cookie and is not an event stream. */
function cacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !/text\/event-stream/i.test(response.headers.get("content-type") ?? "")
  );
}

function sendCachedPage(res: ExpressResponse, page: Omit<CachedPage, "expiresAt">, nonce: string, outcome: "hit" | "miss"): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("X-Page-Cache", outcome);
  if (outcome === "hit") res.setHeader("Server-Timing", [currentRequestTimings()?.header(), "cache;desc=hit"].filter(Boolean).join(", "));
  const html = /text\/html/i.test(res.getHeader("content-type")?.toString() ?? "");
  const readerNonce = html && page.nonce && nonce && page.nonce !== nonce ? nonce : page.nonce;
  // Compressed once when kept: a hit costs a checksum, not a compression (ADR 0027). The
  // compression middleware leaves an answer that already has a Content-Encoding alone.
  if (page.gzip && res.req.acceptsEncodings("gzip") === "gzip") {
    res.vary("Accept-Encoding");
    res.setHeader("Content-Encoding", "gzip");
    res.end(gzipWithNonce(page.gzip, readerNonce));
    return;
  }
  // The page was rendered for another visitor's nonce: this answer's CSP names its own.
  if (readerNonce !== page.nonce) res.end(withNonce(page.pieces ?? cutAtNonce(page.body, page.nonce), readerNonce));
  else res.end(page.body);
}

/** An HTML page of at least 1 KiB (below that the compression middleware sends it as it is). */
function worthPrecompressing(headers: [string, string][], body: Buffer): boolean {
  const type = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const encoded = headers.some(([name]) => name.toLowerCase() === "content-encoding");
  return !encoded && /text\/html/i.test(type) && body.length >= 1024;
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname drops the port and respects "trust proxy"; take the port from the host header.
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  // Loaders and actions are aborted when the client goes away before the answer is sent.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(requestBodyOf(req));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response, stylesheet: SplicedConstant | undefined): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  // Server-sent events must reach the client before the first event is written.
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  if (stylesheet && gzipsPage(res, response)) return writeWholeBody(response.body, res, pageGzip(res, stylesheet));
  await writeBody(response.body, res);
}

/**
 * A rendered page for a client that takes gzip is compressed here rather than by the
 * compression middleware (which leaves an answer with a Content-Encoding alone), so that
 * the stylesheet's copy compressed once goes into it (ADR 0095).
 */
function gzipsPage(res: ExpressResponse, response: Response): boolean {
  return (
    res.req.method !== "HEAD" &&
    /^text\/html/i.test(response.headers.get("content-type") ?? "") &&
    !response.headers.has("content-encoding") &&
    !/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "") &&
    res.req.acceptsEncodings("gzip") === "gzip"
  );
}

function pageGzip(res: ExpressResponse, stylesheet: SplicedConstant): DocumentGzip {
  res.vary("Accept-Encoding");
  res.setHeader("Content-Encoding", "gzip");
  res.removeHeader("Content-Length");
  return new DocumentGzip(stylesheet);
}

/**
 * The build's inline stylesheet (entry.server's export), compressed once per stylesheet: once
 * per process in production, again after an edit in development.
 */
function pageStylesheet(build: ServerBuild | (() => Promise<ServerBuild>)): () => Promise<SplicedConstant | undefined> {
  let kept: { css: string; constant: SplicedConstant } | undefined;
  const opening = `<style id="${STYLESHEET_ELEMENT_ID}"`;
  return async () => {
    const current = typeof build === "function" ? await build() : build;
    const css = (current.entry.module as { inlineStylesheet?: unknown }).inlineStylesheet;
    if (typeof css !== "string" || css.length === 0) return undefined;
    if (kept?.css !== css) kept = { css, constant: precompressConstant(opening, css) };
    return kept.constant;
  };
}

type ServerRoute = ServerBuild["routes"][string];
type RouteModule = ServerRoute["module"];
const timedBuilds = new WeakMap<ServerBuild, ServerBuild>();

function withTimedBuild(load: () => Promise<ServerBuild>): () => Promise<ServerBuild> {
  return async () => timedBuild(await load());
}

/**
 * The same build with every loader and action timed for Server-Timing: its wall time as
 * `loader-<route>` / `action-<route>`, and its queries counted under `db-<route>`.
 */
function timedBuild(build: ServerBuild): ServerBuild {
  let timedVersion = timedBuilds.get(build);
  if (!timedVersion) {
    const routes: Record<string, ServerRoute> = {};
    for (const [id, route] of Object.entries(build.routes)) routes[id] = route && { ...route, module: timedModule(id, route.module) };
    timedVersion = { ...build, routes };
    timedBuilds.set(build, timedVersion);
  }
  return timedVersion;
}

function timedModule(id: string, module: RouteModule): RouteModule {
  const { loader, action } = module;
  if (!loader && !action) return module;
  const label = id.replace(/^routes\//, "");
  return {
    ...module,
    ...(loader && { loader: (args: Parameters<typeof loader>[0]) => timed(label, `loader-${label}`, async () => loader(args)) }),
    ...(action && { action: (args: Parameters<typeof action>[0]) => timed(label, `action-${label}`, async () => action(args)) }),
  };
}

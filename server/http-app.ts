import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type pg from "pg";
import { pinoHttp } from "pino-http";
import type { ViteDevServer } from "vite";
import { isLiveChannel } from "~/lib/live-channels";
import { logger } from "~/services/logger.server";
import { RequestTimings, runWithRequestTimings } from "~/services/request-timing.server";
import { pinReadsToPrimary, runInRequestScope } from "~/web/request-scope.server";
import { metricsText } from "~/services/metrics.server";
import { getRealtimeBus } from "~/services/realtime/bus.server";
import { publish } from "~/services/realtime/publish.server";
import type { MicroCache } from "./micro-cache";
import type { UserPageCache } from "./user-page-cache";
import { remixHandler } from "./remix-handler";
import { formBodiesOnly, knownMethodsOnly, limitBodies, plainAddressesOnly, type BodyLimitRule } from "./request-guards";
import { sameOriginMutations } from "./same-origin-mutations";
import { canonicalOrigin } from "./canonical-origin";
import { noStoreWhenSignedIn } from "./no-store";
import { assignCspNonce, permissionsPolicy, securityHeaders } from "./security-headers";
import { createRateLimiters, type RateLimitSettings } from "./rate-limits";
import { databaseOutageGate } from "./database-outage-gate";
import { capLiveStreams, type LiveStreamCaps } from "./live-stream-caps";

export type HttpAppOptions = {
  mode: "production" | "development";
  production: boolean;
  dataDir: string;
  readinessPool: pg.Pool;
  /** True once the process has been told to stop: /readyz then fails, so a load balancer sends no new requests. */
  draining?: () => boolean;
  /**
   * With a read replica (ADR 0079): for this many seconds after a client's form post, its
   * requests read only the primary (a cookie carries it), so nobody sees a replica behind them.
   */
  readYourWritesSeconds?: number;
  rateLimitPerMinute: number;
  /** The other limiters (sign-in, money, downloads, read floods, webhooks); defaults in rate-limits.ts. */
  rateLimits?: Partial<Omit<RateLimitSettings, "mutationsPerMinute">>;
  /** Where limiters count, shared by every process (ADR 0032); without it, process memory. */
  rateLimitPool?: pg.Pool;
  trustProxy: boolean;
  /** Extra origins allowed to post forms (the public origin behind a proxy). */
  allowedOrigins?: string[];
  /** Origins a form post may redirect to (Google's sign-in when real credentials are set). */
  formTargets?: string[];
  /** Largest request body read anywhere without a rule of its own (default 64 KB). */
  bodyLimitBytes?: number;
  /** Paths allowed larger bodies (uploads), e.g. `{ pattern: /^\/kyc(\.data)?$/, bytes: 25 * 1024 * 1024 }`. */
  bodyLimits?: BodyLimitRule[];
  /** Redirect page reads under any other host to this origin (development: 127.0.0.1 → localhost). */
  canonicalOrigin?: string;
  /** How many /events streams a session and an address may hold open at once (per process). */
  liveStreamCaps?: LiveStreamCaps;
  /** Test-only endpoints (E2E_PROBES=true); never on in a real deployment. */
  probes?: boolean;
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  /**
   * The payment gateway's endpoints (ADR 0061): `signedPaths` are posted to by another site
   * and authenticated by the gateway's signature (exempt from the same-origin check by name);
   * `jsonPaths` are the webhooks: they may carry JSON and have their own rate limit. `standIn` serves the gateway stand-in (development and demo).
   */
  payments?: {
    signedPaths: readonly string[];
    jsonPaths: readonly string[];
    standIn?: (req: express.Request, res: express.Response) => Promise<boolean>;
  };
  /** Public pages for signed-out visitors, kept a few seconds (PAGE_CACHE_TTL_MS). */
  pageCache?: MicroCache;
  /** A signed-in investor's own overview, served again while the database's page version holds (USER_PAGE_CACHE_TTL_MS). */
  userPageCache?: UserPageCache;
};

/**
 * The service worker and what it decides from are revalidated on every fetch, so a new
 * build reaches browsers on their next visit instead of an hour later.
 */
const REVALIDATED_FILES = new Set([
  "/sw.js",
  "/sw-session.js",
  "/manifest.webmanifest",
  "/offline.html",
  "/offline.css",
  "/offline.js",
  "/static-page.js",
]);

function setPwaHeaders(res: express.Response, filePath: string) {
  const urlPath = `/${path.relative(path.resolve("build/client"), filePath).split(path.sep).join("/")}`;
  if (REVALIDATED_FILES.has(urlPath)) res.setHeader("Cache-Control", "no-cache");
  if (urlPath === "/sw.js") res.setHeader("Service-Worker-Allowed", "/");
  if (urlPath === "/manifest.webmanifest") res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
}

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export function createHttpApp(options: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", 1);
  // First, so every answer carries them: health checks, probes, static files, 404s and errors too.
  app.use(assignCspNonce);
  app.use(
    securityHeaders({
      production: options.production,
      development: options.mode === "development",
      formTargets: options.formTargets,
    }),
  );
  app.use(permissionsPolicy());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.draining?.()) {
      res.status(503).json({ status: "unavailable", reason: "draining" });
      return;
    }
    try {
      await options.readinessPool.query("SELECT 1");
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", reason: "database unreachable" });
    }
  });

  // Counters for an operator's scraper, on loopback only: nothing in them is for the public.
  app.get("/metrics", (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.set("Cache-Control", "no-store").type("text/plain; version=0.0.4").send(metricsText());
  });

  if (options.probes) {
    // Lets tests hold a request in flight while the process is told to stop.
    app.get("/__probe/slow", (req, res) => {
      const ms = Math.min(Number(req.query.ms) || 500, 5_000);
      setTimeout(() => res.type("text/plain").send("finished"), ms);
    });
    // Which process answered (a cluster's workers share the port).
    app.get("/__probe/pid", (_req, res) => {
      res.set("Cache-Control", "no-store").json({ pid: process.pid });
    });
    // How many event streams this process is serving (tests check disconnects clean up).
    app.get("/__probe/live-subscribers", (_req, res) => {
      res.set("Cache-Control", "no-store").json({ subscribers: getRealtimeBus().subscriberCount });
    });
    // Stands in for a new deployment for one browser: with the e2e_sw_build cookie set, /sw.js
    // answers with different bytes, so that browser finds an update waiting.
    app.get("/sw.js", (req, res, next) => {
      const build = /(?:^|;\s*)e2e_sw_build=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1];
      if (!build) return next();
      readFile(path.resolve("build/client/sw.js"), "utf8").then(
        (script) => {
          res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" });
          res.type("text/javascript").send(`${script}\n// e2e build ${build}\n`);
        },
        (error: unknown) => next(error),
      );
    });
    // Lets tests publish a live event through this process, as a domain command would.
    app.post("/__probe/publish", async (req, res) => {
      const channel = String(req.query.channel ?? "");
      if (!isLiveChannel(channel)) return void res.status(400).type("text/plain").send("bad channel");
      try {
        await publish(channel, { type: String(req.query.type ?? "probe"), id: req.query.id ? String(req.query.id) : null });
        res.type("text/plain").send("published");
      } catch (error) {
        logger.error({ err: error }, "probe publish failed");
        res.status(500).type("text/plain").send("not published");
      }
    });
  }

  // The gateway stand-in speaks Razorpay's JSON API to the app over loopback (127.0.0.1), so it
  // answers before the canonical-host redirect and the form-only guards.
  const standIn = options.payments?.standIn;
  if (standIn) {
    app.use((req, res, next) => {
      standIn(req, res).then((handled) => (handled ? undefined : next()), next);
    });
  }
  if (options.canonicalOrigin) app.use(canonicalOrigin(options.canonicalOrigin));

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // One short line per request; headers (cookies, CSP) stay out of the log.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      // The message alone reads as the request ("GET /wallet 200 12ms") in the pretty format.
      customSuccessMessage: (req, res, responseTime) => `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)}ms`,
      customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
    }),
  );
  // An event stream must reach the client chunk by chunk; compressing it would buffer it.
  const compressible: compression.CompressionFilter = (req, res) =>
    !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res);
  // Pages are compressed afresh for every answer (each carries its own CSP nonce), so they get
  // zlib's fastest level: about a fifth more bytes than the default, for a fifth more pages a
  // second from the same CPU (ADR 0026). Browsers ask for brotli, whose default here (quality 4,
  // a 4 MiB window set up for every answer) halved the pages a worker serves. Quality 1 in a
  // 256 KiB window (a page is 60-110 KB) takes about half the CPU of quality 2 and two thirds
  // of gzip's level 1, for about as many bytes as gzip (10% more than quality 2). Files, which
  // browsers cache, keep the default levels.
  const compressFiles = compression({ filter: compressible });
  const compressPages = compression({
    filter: compressible,
    level: 1,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  app.use((req, res, next) => (isStaticFilePath(req.path) ? compressFiles : compressPages)(req, res, next));
  app.use(knownMethodsOnly());
  app.use(plainAddressesOnly());

  // While the database is known to be unreachable, a friendly 503 instead of failing loaders (ADR 0034).
  app.use(databaseOutageGate(options.readinessPool));

  // Counted in PostgreSQL, so every process shares one budget per client (ADR 0032).
  app.use(
    createRateLimiters(
      {
        mutationsPerMinute: options.rateLimitPerMinute,
        signInPerMinute: options.rateLimits?.signInPerMinute ?? 20,
        moneyPerMinute: options.rateLimits?.moneyPerMinute ?? 30,
        expensiveReadsPerMinute: options.rateLimits?.expensiveReadsPerMinute ?? 30,
        readsPerMinute: options.rateLimits?.readsPerMinute ?? 600,
        webhooksPerMinute: options.rateLimits?.webhooksPerMinute ?? 1200,
      },
      options.rateLimitPool,
      options.payments?.jsonPaths,
    ),
  );
  app.use(capLiveStreams(options.liveStreamCaps ?? { perSession: 8, perAddress: 32 }));
  app.use(sameOriginMutations({ allowedOrigins: options.allowedOrigins ?? [], signedPaths: options.payments?.signedPaths }));
  // Request bodies are refused by kind and size here, once, before any route reads them.
  app.use(formBodiesOnly({ jsonPaths: options.payments?.jsonPaths }));
  app.use(limitBodies({ defaultBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES, rules: options.bodyLimits }));

  // Public media is written once under its own name and never changed in place (docs/decisions/0018).
  app.use("/media", express.static(path.resolve(options.dataDir, "uploads/public"), { maxAge: "180d", index: false }));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    // Vite fingerprints everything under /assets, so it may be cached for a year.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(
      onlyForTopLevelEntries("build/client", express.static("build/client", { maxAge: "1h", index: false, setHeaders: setPwaHeaders })),
    );
  }

  // Only what Remix renders: static files above are public and never reach this.
  app.use(noStoreWhenSignedIn());
  const handleWithRemix = remixHandler({
    mode: options.mode,
    build: options.build,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    cache: options.pageCache,
    userCache: options.userPageCache,
    nonceOf: (res) => res.locals.cspNonce as string,
  });
  // One scope per request, so its loaders share what they look up (the signed-in user).
  // and one collector of where its time goes (the Server-Timing header).
  const pinAfterWrites = readYourWrites(options.readYourWritesSeconds, options.production);
  app.all("*", (req, res, next) =>
    runWithRequestTimings(new RequestTimings(), () =>
      runInRequestScope(() => {
        pinAfterWrites(req, res);
        return handleWithRemix(req, res, next);
      }),
    ),
  );
  return app;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read-your-writes with a replica (ADR 0079): a form post sets a short cookie, and a request
 * that carries it (or is itself a post) reads only the primary for the rest of its handling.
 */
function readYourWrites(seconds: number | undefined, production: boolean): (req: express.Request, res: express.Response) => void {
  if (seconds === undefined) return () => undefined;
  // Like the session cookie: __Host- and Secure in production.
  const name = production ? "__Host-aangan_wrote" : "aangan_wrote";
  const sent = new RegExp(`(?:^|;\\s*)${name}=`);
  const attributes = `Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax${production ? "; Secure" : ""}`;
  return (req, res) => {
    const wrote = !READS.has(req.method);
    if (wrote) res.append("Set-Cookie", `${name}=1; ${attributes}`);
    if (wrote || sent.test(req.headers.cookie ?? "")) pinReadsToPrimary();
  };
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/**
 * Runs `handler` (a static-file server) only for paths whose first segment names something in
 * `dir`. Without this every page request cost a failed fs.stat and the error it builds
 * (about 1.4 ms of CPU a page in the profile, ADR 0026); the build's top level is fixed
 * once the process starts.
 */
function onlyForTopLevelEntries(dir: string, handler: express.RequestHandler): express.RequestHandler {
  const names = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    if (!names.has(decodeURIComponentSafely(first))) return next();
    return handler(req, res, next);
  };
}

function decodeURIComponentSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Fingerprinted assets, public media and the PWA's own files: served from disk, cached by browsers. */
function isStaticFilePath(pathname: string): boolean {
  return /^\/(assets|media|icons)\//.test(pathname) || /\.(js|css|webmanifest|svg|ico|png|webp|jpg|woff2?)$/.test(pathname);
}

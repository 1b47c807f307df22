import { createHash } from "node:crypto";
import type express from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import type pg from "pg";
import { logger } from "~/services/logger.server";
import { PostgresRateLimitStore } from "./pg-rate-limit-store";

/** Requests per minute, per limiter (env RATE_LIMIT_*; README "Rate limits"). */
export type RateLimitSettings = {
  /** Every form post, per client. */
  mutationsPerMinute: number;
  /** Starting or finishing a Google sign-in, per client. */
  signInPerMinute: number;
  /** Fund requests, purchases and market actions, per client. */
  moneyPerMinute: number;
  /** PDF receipts and statements, CSV exports, document downloads, per client. */
  expensiveReadsPerMinute: number;
  /** Any page or data read: high enough for a person, low enough to stop a flood. */
  readsPerMinute: number;
  /**
   * Posts to the payment gateway's webhooks, per sending address (ADR 0061). A gateway sends
   * every payer's events from a few addresses, so they have a budget of their own instead of
   * sharing the form-post budget of one person; a refused delivery is retried by the gateway.
   */
  webhooksPerMinute: number;
};

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SIGN_IN = /^\/auth\/google(\/callback)?(\.data)?\/?$/;
/** Fund requests, purchases and every market action an investor posts. */
const MONEY =
  /^\/(dashboard\/wallet|waitlist-dashboard\/wallet|invest\/[^/]+|trading|dashboard\/p\/[^/]+|dashboard\/sell-requests)(\.data)?\/?$/;
/** Reads that render a PDF, build a CSV or stream a stored file. */
const EXPENSIVE =
  /(\.pdf|\.csv|\/print|\/statement[^/]*)(\.data)?\/?$|^\/kyc\/documents\/|^\/property-documents\/|^\/dashboard\/data-export/;
/** Fingerprinted and static files are never counted. */
const STATIC = /^\/(assets|media)\/|^\/(favicon\.ico|sw\.js|sw-session\.js|manifest\.webmanifest|offline\.(html|css|js)|icons\/)/;

const clientIp = (req: express.Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? "unknown");

/** A signed-in person is counted by their session cookie (several people may share an address). */
function personKey(req: express.Request) {
  const cookie = /(?:^|;\s*)(?:__Host-)?aangan_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (!cookie) return clientIp(req);
  return `s:${createHash("sha256").update(cookie).digest("base64url").slice(0, 22)}`;
}

export function retryAfterSeconds(resetTime: Date | undefined, now = Date.now()) {
  return Math.max(1, Math.ceil(((resetTime?.getTime() ?? now + 60_000) - now) / 1000));
}

/**
 * The limiters, as one middleware that runs, in order, only those that count the request (a
 * page read passes one limiter, not six; each of express-rate-limit's middlewares awaits its
 * own skip and reads the client's address before skipping). With a pool their counts live in
 * PostgreSQL and are shared by every process (ADR 0032); without one (unit tests) each keeps
 * its own memory. If the database cannot count (it is down), the request goes on: the app then
 * answers 503 itself, and a limiter never turns an outage into a 500.
 */
export function createRateLimiters(
  settings: RateLimitSettings,
  pool?: pg.Pool,
  /** The webhook endpoints, by exact path: counted by the webhooks limiter, not as form posts. */
  webhookPaths: readonly string[] = [],
): express.RequestHandler {
  const webhooks = new Set(webhookPaths);
  const isWebhook = (req: express.Request) => webhooks.has(req.path);
  const limiter = (
    name: string,
    limit: number,
    counts: (req: express.Request) => boolean,
    keyGenerator: (req: express.Request) => string,
    what: string,
  ): CountingLimiter => {
    const store: Store | undefined = pool ? new PostgresRateLimitStore(pool, name) : undefined;
    const handler = rateLimit({
      windowMs: 60_000,
      limit,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      passOnStoreError: true,
      // The dispatcher below calls a limiter only for what it counts; the same test here keeps
      // each limiter right on its own.
      skip: (req) => !counts(req),
      keyGenerator,
      ...(store ? { store } : {}),
      validate: { singleCount: false, keyGeneratorIpFallback: false },
      handler: (req, res) => {
        const seconds = retryAfterSeconds((req as express.Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime);
        logger.warn({ limiter: name, path: req.path }, "rate limit reached");
        res
          .status(429)
          .set({ "Retry-After": String(seconds), "Cache-Control": "no-store" })
          .type("text/plain")
          .send(`Too many requests ${what}. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`);
      },
    });
    return { counts, handler };
  };
  const isRead = (req: express.Request) => req.method === "GET" || req.method === "HEAD";
  return countingOnly([
    limiter(
      "reads",
      settings.readsPerMinute,
      (req) => isRead(req) && !STATIC.test(req.path) && req.path !== "/events",
      clientIp,
      "from your network",
    ),
    limiter(
      "mutations",
      settings.mutationsPerMinute,
      (req) => MUTATING_METHODS.has(req.method) && !isWebhook(req),
      clientIp,
      "from your network",
    ),
    limiter("webhooks", settings.webhooksPerMinute, isWebhook, clientIp, "from this address"),
    limiter("sign-in", settings.signInPerMinute, (req) => SIGN_IN.test(req.path), clientIp, "to sign in"),
    limiter(
      "money",
      settings.moneyPerMinute,
      (req) => MUTATING_METHODS.has(req.method) && MONEY.test(req.path),
      personKey,
      "for money and trading actions",
    ),
    limiter(
      "expensive-reads",
      settings.expensiveReadsPerMinute,
      (req) => isRead(req) && EXPENSIVE.test(req.path),
      personKey,
      "for downloads",
    ),
  ]);
}

type CountingLimiter = { counts: (req: express.Request) => boolean; handler: express.RequestHandler };

/** One middleware that passes the request through each limiter that counts it, in order; a refusal ends the chain. */
function countingOnly(limiters: readonly CountingLimiter[]): express.RequestHandler {
  return (req, res, next) => {
    const applicable = limiters.filter((limiter) => limiter.counts(req));
    const runFrom = (index: number, error?: unknown): void => {
      if (error !== undefined || index === applicable.length) return next(error);
      void applicable[index]!.handler(req, res, (nextError?: unknown) => runFrom(index + 1, nextError));
    };
    runFrom(0);
  };
}

import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { hasControlCharacter } from "~/lib/control-characters";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BODILESS = new Set(["GET", "HEAD"]);

const NOT_A_FORM = "Send this as a form.";
const UNREADABLE_FORM = "The form could not be read. Please try again.";
const TOO_LARGE = "This request is too large.";
const CONTROL_IN_ADDRESS = "This address contains characters it cannot have (control characters). Check the link and try again.";

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status).set(headers).type("text/plain").send(message);
}

/** TRACE, CONNECT, WebDAV verbs and the like: 405 naming what the app does answer. */
export function knownMethodsOnly(): RequestHandler {
  return (req, res, next) => {
    if (ALLOWED.has(req.method)) return next();
    refuse(res, 405, "Method not allowed.", { Allow: ALLOWED_METHODS.join(", ") });
  };
}

/** Percent-decoding that leaves a malformed escape as it is (the route decides what that means). */
function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * Every query string (and path) is read here once: a control character in it, decoded (NUL,
 * which PostgreSQL refuses, or a tab or line break), is answered 400 before any route or cache
 * sees the address.
 */
export function plainAddressesOnly(): RequestHandler {
  return (req, res, next) => {
    if (!hasControlCharacter(req.url) && !hasControlCharacter(decodeLeniently(req.url))) return next();
    refuse(res, 400, CONTROL_IN_ADDRESS);
  };
}

/**
 * Every action reads a form, so a mutation must say it carries one: anything else (JSON,
 * text, no type at all) is refused with 415 before any route runs, and a multipart type
 * without its boundary (which no form can be read without) with 400.
 */
export const NOT_JSON = "Send this as JSON.";

export function formBodiesOnly(options: { jsonPaths?: readonly string[] } = {}): RequestHandler {
  const jsonPaths = new Set(options.jsonPaths ?? []);
  return (req, res, next) => {
    if (!MUTATING.has(req.method)) return next();
    // Named endpoints that others post JSON to (the payment gateway's webhook), by exact path: JSON only.
    if (jsonPaths.has(req.path)) {
      return /^application\/json\s*(;|$)/i.test(req.get("content-type") ?? "") ? next() : refuse(res, 415, NOT_JSON);
    }
    const contentType = req.get("content-type") ?? "";
    const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
    if (mediaType === "application/x-www-form-urlencoded") return next();
    if (mediaType === "multipart/form-data") {
      return /;\s*boundary=("?)[^";]+\1/i.test(contentType) ? next() : refuse(res, 400, UNREADABLE_FORM);
    }
    refuse(res, 415, NOT_A_FORM);
  };
}

export type BodyLimitRule = { pattern: RegExp; bytes: number };
export type BodyLimitOptions = {
  /** Bytes any request body may have unless a rule below says otherwise. */
  defaultBytes: number;
  /** Paths with their own limit (uploads); the first rule whose pattern matches the path wins. */
  rules?: BodyLimitRule[];
};

/** The largest body the server reads for `pathname`. */
export function bodyLimitFor(pathname: string, options: BodyLimitOptions): number {
  return options.rules?.find((rule) => rule.pattern.test(pathname))?.bytes ?? options.defaultBytes;
}

const limitedBodies = new WeakMap<Request, Readable>();

/** The body the app should read: the size-limited stream when `limitBodies` set one up. */
export function requestBodyOf(req: Request): Readable {
  return limitedBodies.get(req) ?? req;
}

class BodyTooLarge extends Error {}

/**
 * Caps request bodies before anything reads them. A declared Content-Length over the
 * limit is answered 413 without passing the body on (see refuseDeclaredTooLarge); otherwise (chunked bodies,
 * or clients that send more than they declared) the bytes are counted as the app reads
 * them and the request is answered 413 the moment the count passes the limit. Either
 * way the connection is closed afterwards so the rest of the body is never read.
 */
export function limitBodies(options: BodyLimitOptions): RequestHandler {
  return (req, res, next) => {
    const limit = bodyLimitFor(req.path, options);
    const declared = req.get("content-length");
    if (declared !== undefined && Number(declared) > limit) return refuseDeclaredTooLarge(req, res, Number(declared), limit);
    if (BODILESS.has(req.method)) return next();

    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        seen += chunk.length;
        callback(seen > limit ? new BodyTooLarge() : null, chunk);
      },
    });
    // Registered before the app's own reader, so the 413 goes out before the app sees the error.
    counted.on("error", (error) => {
      req.unpipe(counted);
      if (error instanceof BodyTooLarge && !res.headersSent) tooLarge(res);
    });
    req.on("error", (error) => counted.destroy(error));
    req.pipe(counted);
    limitedBodies.set(req, counted);
    next();
  };
}

/** Beyond this a declared body is refused without reading a byte of it. */
const MOST_BYTES_DRAINED = 64 * 1024 * 1024;

/**
 * A client that is still writing its body when the server closes the connection sees a
 * broken pipe, not the 413 (browsers and fetch both do). So a body up to twice its limit
 * (64 MB at most) is read and thrown away first, and the answer reaches the person who
 * picked a file that was slightly too large; anything bigger is cut off at once.
 */
function refuseDeclaredTooLarge(req: Request, res: Response, declared: number, limit: number) {
  if (declared > Math.min(limit * 2, MOST_BYTES_DRAINED)) return tooLarge(res);
  req.on("end", () => tooLarge(res));
  req.on("error", () => res.destroy());
  req.resume();
}

function tooLarge(res: Response) {
  refuse(res, 413, TOO_LARGE, { Connection: "close" });
}

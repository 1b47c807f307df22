import type { RequestHandler } from "express";

/** The session cookie, under its development or production (__Host-) name. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?aangan_session=/;

/**
 * `Cache-Control: no-store` on everything the app renders for a browser that carries a
 * session cookie: signed-in pages, their `.data` requests, receipts, exports and private
 * files, so neither the browser's cache nor a shared proxy keeps a copy of someone's money
 * page after they sign out (ASVS 14.3). It overrides whatever the route set, because a
 * route that forgot is exactly the case to cover. Public photographs (fingerprinted by id)
 * keep their long cache; static files never reach this middleware.
 */
export function noStoreWhenSignedIn({ exempt = /^\/property-images\// }: { exempt?: RegExp } = {}): RequestHandler {
  return (req, res, next) => {
    if (exempt.test(req.path) || !SESSION_COOKIE.test(req.get("cookie") ?? "")) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      // A route that already said no-store keeps its words (the event stream adds no-transform).
      if (!/\bno-store\b/.test(String(this.getHeader("Cache-Control") ?? ""))) this.setHeader("Cache-Control", "no-store");
      this.removeHeader("Expires");
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

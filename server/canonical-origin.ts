import type { RequestHandler } from "express";

/**
 * Sends a page asked for under another host name (127.0.0.1, a LAN address) to the same
 * path at APP_ORIGIN, before anything else runs. Session cookies, the OAuth callback and
 * the same-origin check on forms are all tied to APP_ORIGIN, so on any other host sign-in
 * would fail in confusing ways. Only reads are redirected; a stray post is left to the
 * same-origin check, which refuses it with a clear 403. A read that carries an Authorization
 * header is a server-to-server call (the Google stand-in's userinfo, which the app asks of
 * itself over 127.0.0.1), never a page a browser opened, so it is answered where it was asked.
 */
export function canonicalOrigin(appOrigin: string): RequestHandler {
  const canonical = new URL(appOrigin);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.headers.authorization) return next();
    const host = req.headers.host;
    if (!host || host.toLowerCase() === canonical.host.toLowerCase()) return next();
    res.redirect(302, `${canonical.origin}${req.originalUrl}`);
  };
}

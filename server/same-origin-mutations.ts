import type { RequestHandler } from "express";

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence for cookie-authenticated forms: a browser always says where a mutating
 * request comes from (Origin, or at least Sec-Fetch-Site), so a mutation announced as
 * cross-site is refused. Clients that send neither are not browsers carrying a
 * victim's cookies, so they pass; their requests still need a session of their own.
 */
export function sameOriginMutations(options: { allowedOrigins: string[]; signedPaths?: readonly string[] }): RequestHandler {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.replace(/\/$/, "")));
  const signed = new Set(options.signedPaths ?? []);
  return (req, res, next) => {
    if (!MUTATING_METHODS.has(req.method)) return next();
    // Exempt by exact path, never by pattern: endpoints another site posts to by design (the
    // payment gateway's return and webhooks), which carry no session and are authenticated
    // by the gateway's signature alone (ADR 0061).
    if (signed.has(req.path)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin && origin !== "null") {
      if (origin === ownOrigin || allowed.has(origin)) return next();
      return refuse(res);
    }
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "cross-site" || fetchSite === "same-site" || origin === "null") return refuse(res);
    return next();
  };
}

function refuse(res: Parameters<RequestHandler>[1]) {
  res.status(403).type("text/plain").send("This form was sent from another site and has been refused.");
}

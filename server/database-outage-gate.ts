import type express from "express";
import type pg from "pg";
import { clearDatabaseOutage, databaseOutageSince, OUTAGE_RETRY_AFTER_SECONDS } from "~/services/database-outage.server";

const PROBE_EVERY_MS = 500;
const STATIC = /^\/(assets|media|icons)\/|^\/(favicon\.ico|sw\.js|sw-session\.js|manifest\.webmanifest|offline\.(html|css|js))$/;

export const OUTAGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable | Aangan</title></head>
<body><main><h1>Aangan is temporarily unavailable</h1>
<p>We cannot reach our database right now. Your wallet and your shares are safe: nothing you submitted was half done.</p>
<p>Please try again in a minute.</p></main></body></html>
`;

/** The 503 an outage answers: the friendly page for browsers, one line for anything else. */
export function sendOutage(req: express.Request, res: express.Response) {
  res.status(503).set({ "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (req.accepts(["html", "text"]) === "html") res.type("html").send(OUTAGE_PAGE);
  else res.type("text/plain").send("Aangan is temporarily unavailable. Please try again in a minute.");
}

/**
 * While the process knows the database is unreachable (a request failed on it), pages and
 * form posts get a 503 with a friendly page instead of reaching loaders that would fail.
 * At most every half second a request probes the database; the first probe that reaches it
 * ends the outage, so the app recovers by itself (ADR 0034).
 */
export function databaseOutageGate(pool: pg.Pool): express.RequestHandler {
  let lastProbe = 0;
  let probing: Promise<boolean> | null = null;
  const probe = () => {
    if (probing) return probing;
    if (Date.now() - lastProbe < PROBE_EVERY_MS) return Promise.resolve(false);
    lastProbe = Date.now();
    probing = pool
      .query("SELECT 1")
      .then(
        () => true,
        () => false,
      )
      .finally(() => (probing = null));
    return probing;
  };
  return (req, res, next) => {
    if (databaseOutageSince() === null || STATIC.test(req.path)) return next();
    void probe().then((up) => {
      if (up) {
        clearDatabaseOutage();
        next();
      } else {
        sendOutage(req, res);
      }
    });
  };
}

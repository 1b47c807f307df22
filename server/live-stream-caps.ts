import type { RequestHandler } from "express";

export type LiveStreamCaps = {
  /** Open /events streams one session may hold in this process. */
  perSession: number;
  /** Open /events streams one client address may hold in this process. */
  perAddress: number;
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?aangan_session=([^;]+)/;
const TOO_MANY = "Too many live update streams are open. Close a few tabs of Aangan and reload.";

/**
 * Each /events stream holds a connection, a bus subscription and a heartbeat timer for as long
 * as the client keeps it, so one session (or one address, whatever its cookies) may hold only so
 * many at once; the next is answered 429 until one closes. Counted per process: a stream lives
 * on the worker that answered it, so that is where it costs.
 */
export function capLiveStreams(caps: LiveStreamCaps): RequestHandler {
  const bySession = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const take = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const give = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  return (req, res, next) => {
    if (req.path !== "/events" || req.method !== "GET") return next();
    const session = SESSION_COOKIE.exec(req.headers.cookie ?? "")?.[1];
    const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
    if ((byAddress.get(address) ?? 0) >= caps.perAddress || (session && (bySession.get(session) ?? 0) >= caps.perSession)) {
      res.status(429).set({ "Cache-Control": "no-store", "Retry-After": "30" }).type("text/plain").send(TOO_MANY);
      return;
    }
    take(byAddress, address);
    if (session) take(bySession, session);
    res.once("close", () => {
      give(byAddress, address);
      if (session) give(bySession, session);
    });
    next();
  };
}

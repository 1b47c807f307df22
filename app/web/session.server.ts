import { getSessionUser, type SessionUser } from "~/services/session.server";
import { timed } from "~/services/request-timing.server";
import { rememberForRequest } from "~/web/request-scope.server";

export type { SessionUser } from "~/services/session.server";

// Symbol.for: server.ts and the Remix build each bundle their own copy of this module, and the
// server may read the session before the build's loaders run (ADR 0045).
const SESSION_USER = Symbol.for("aangan.session-user");
// Outside a request scope (a test calling the request handler directly), the Request
// object is the best key there is.
const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user for this request, read from the database at most once per request:
 * the root loader, a layout's guard and the page's loader of one navigation share one
 * lookup (and one extension of the session's idle expiry).
 */
export function getRequestUser(request: Request): Promise<SessionUser | null> {
  return rememberForRequest(SESSION_USER, () => {
    let user = usersByRequest.get(request);
    if (!user) {
      user = timed("session", "session", () => getSessionUser(request));
      usersByRequest.set(request, user);
    }
    return user;
  });
}

/**
 * Tells this request's loaders who is signed in, when the server has already read the session
 * (with the page version, ADR 0045), so they do not read it again.
 */
export function rememberRequestUser(user: SessionUser): void {
  rememberForRequest(SESSION_USER, () => Promise.resolve(user));
}

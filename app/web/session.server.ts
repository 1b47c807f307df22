import { getSessionUser, type SessionUser } from "~/services/session.server";
import { timed } from "~/services/request-timing.server";
import { rememberForRequest } from "~/web/request-scope.server";

export type { SessionUser } from "~/services/session.server";

const SESSION_USER = Symbol("session user");
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

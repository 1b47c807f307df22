import { getFlashToasts } from "~/web/flash.server";
import type { Toast } from "~/lib/toast";

/**
 * HTTP as a browser without JavaScript speaks it, for integration tests: same-origin form
 * posts and page reads that do not follow redirects, sent either to the production build's
 * request handler in this process or over loopback to a running app process.
 */

/** The origin requests to an in-process request handler claim to come from. */
export const LOCAL_ORIGIN = "http://localhost:3000";

/** A form's fields; FormData is sent as multipart (files), anything else url-encoded. */
export type FormFields = Record<string, string> | FormData;

/** A form posted from one of the origin's own pages, with the session cookie when signed in. */
export function formPost(pathname: string, cookie: string | null | undefined, form: FormFields = {}, origin = LOCAL_ORIGIN): Request {
  const headers = new Headers({ Origin: origin, Host: new URL(origin).host });
  if (cookie) headers.set("Cookie", cookie);
  const multipart = form instanceof FormData;
  if (!multipart) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${origin}${pathname}`, {
    method: "POST",
    headers,
    body: multipart ? form : new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

/** A page read, signed in when given a cookie. */
export function pageRequest(pathname: string, cookie?: string | null, origin = LOCAL_ORIGIN): Request {
  return new Request(`${origin}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

/**
 * Posts and reads against a running app process (tests/setup/app-process.ts). The process is
 * asked for lazily, so the client can be made before beforeAll starts it.
 */
export function appClient(app: () => { baseUrl: string }) {
  return {
    post: (pathname: string, cookie: string | null | undefined, form: FormFields = {}) =>
      fetch(formPost(pathname, cookie, form, app().baseUrl)),
    get: (pathname: string, cookie?: string | null) => fetch(pageRequest(pathname, cookie, app().baseUrl)),
  };
}

/**
 * The toasts a response flashed for the next page, as that page would read them. An app
 * process runs in production and names its cookies __Host-…; this process reads the plain name.
 */
export async function flashedToasts(response: Response): Promise<Toast[]> {
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!.replace(/^__Host-/, ""))
    .join("; ");
  const { toasts } = await getFlashToasts(new Request(LOCAL_ORIGIN, { headers: { Cookie: cookie } }));
  return toasts;
}

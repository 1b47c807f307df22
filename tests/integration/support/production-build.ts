import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { createUserSession } from "../../../app/services/session.server";
import { getFlashToasts } from "../../../app/web/flash.server";
import type { Toast } from "../../../app/lib/toast";

export const ORIGIN = "http://localhost:3000";

/**
 * The production build's request handler, in this process: the routes run as they do
 * behind server.ts, on the database the environment names. Set DATABASE_URL and
 * SESSION_SECRET before calling.
 */
export async function loadRequestHandler(): Promise<(request: Request) => Promise<Response>> {
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request) => handler(request, { cspNonce: "integration" });
}

/** A signed-in browser's Cookie header for the user (a real session row). */
export async function sessionCookieFor(userId: string): Promise<string> {
  return (await createUserSession(userId, new Request(ORIGIN))).split(";")[0]!;
}

/** A same-origin form post, as the browser sends it. */
export function formPost(pathname: string, cookie: string, form: Record<string, string>): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

export function pageRequest(pathname: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

/** The toasts a response flashed for the next page, as that page would read them. */
export async function flashedToasts(response: Response): Promise<Toast[]> {
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const { toasts } = await getFlashToasts(new Request(ORIGIN, { headers: { Cookie: cookie } }));
  return toasts;
}

import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { createUserSession } from "~/services/session.server";
import { LOCAL_ORIGIN } from "./http";

/**
 * The production build's request handler, in this process: the routes run as they do
 * behind server.ts, on the database the environment names. Set DATABASE_URL and
 * SESSION_SECRET before calling.
 */
export async function loadRequestHandler(cspNonce = "integration"): Promise<(request: Request) => Promise<Response>> {
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request) => handler(request, { cspNonce });
}

/** A signed-in browser's Cookie header for the user (a real session row, made by the app's own sign-in code). */
export async function sessionCookieFor(userId: string): Promise<string> {
  return (await createUserSession(userId, new Request(LOCAL_ORIGIN))).split(";")[0]!;
}

import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "../../app/services/env.server";
import { createSession, createUser } from "../setup/factories";
import { useTestDatabase } from "../setup/test-database";

/**
 * Route parameters that name nothing, through the production build: each route answers its
 * own 404 (the page's "not found" or the resource route's plain text), never a 500 from a
 * query handed text that is no id.
 */

const db = useTestDatabase();
const ORIGIN = "http://localhost:3000";
const NOT_A_UUID = "not-a-uuid";
const TOO_LONG = "p".repeat(201);
let handle: (request: Request) => Promise<Response>;
const cookies = { admin: "", investor: "" };

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "route-params-session-secret-0123456789abcdef";
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "params" });
  const prisma = db.current.prisma;
  cookies.admin = await createSession(prisma, (await createUser(prisma, { isAdmin: true })).id);
  cookies.investor = await createSession(prisma, (await createUser(prisma, { tier: "small_investor", subscriptionActive: true })).id);
});

const get = (pathname: string, who: keyof typeof cookies) =>
  handle(new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookies[who] }, redirect: "manual" }));

describe("a parameter that names nothing", () => {
  it.each([
    [`/dashboard/transactions/${NOT_A_UUID}`, "investor", "Transaction not found."],
    [`/dashboard/transactions/${NOT_A_UUID}/print`, "investor", "Receipt not found"],
    [`/dashboard/p/${TOO_LONG}`, "investor", "not found"],
    [`/invest/${TOO_LONG}`, "investor", "not found"],
    [`/admin/users/${NOT_A_UUID}`, "admin", "not found"],
    [`/admin/properties/${TOO_LONG}/edit`, "admin", "not found"],
    [`/admin/properties/${TOO_LONG}/distributions`, "admin", "not found"],
  ] as const)("renders the page's 404 for %s", async (pathname, who, text) => {
    const response = await get(pathname, who);
    expect(response.status).toBe(404);
    expect((await response.text()).toLowerCase()).toContain(text.toLowerCase());
  });

  it.each([
    [`/dashboard/transactions/${NOT_A_UUID}/receipt.pdf`, "Transaction not found"],
    [`/property-documents/${NOT_A_UUID}`, "Document not found."],
    [`/property-images/${NOT_A_UUID}`, "Not found"],
    [`/kyc/documents/${NOT_A_UUID}`, "Not found"],
  ] as const)("answers a resource route's plain 404 for %s", async (pathname, body) => {
    const response = await get(pathname, "investor");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(body);
  });
});

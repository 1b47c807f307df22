import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "../../app/services/env.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { sessionCookieFor } from "#tests/kit/production-build";

/**
 * The page cache (server/micro-cache.ts): public pages read by signed-out visitors are kept a
 * while (here a minute, so only an invalidation can explain a fresh page), a signed-in visitor
 * is never served from it, and a change to a property empties it at once.
 */
const db = useTestDatabase();
const SESSION_SECRET = "page-cache-session-secret-0123456789abcdef";
let app: AppProcess;
let propertyId: string;

beforeAll(async () => {
  propertyId = (await createProperty(db.current.prisma, { title: "Cached Residency" })).id;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET, PAGE_CACHE_TTL_MS: "60000" });
  Object.assign(process.env, { DATABASE_URL: db.current.url, SESSION_SECRET, NODE_ENV: "production", DEMO_MODE: "true" });
  reloadEnv();
});
afterAll(async () => {
  await app?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${pathname}`, { headers, redirect: "manual" });

function nonceOf(response: Response): string {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
}

/** A response as sent (not decoded), asking for `acceptEncoding` (or sending no Accept-Encoding). */
function raw(pathname: string, acceptEncoding: string | undefined): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.baseUrl}${pathname}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Waits until `check` holds (the invalidation travels as a NOTIFY through PostgreSQL). */
async function eventually(check: () => Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the page cache", () => {
  it("serves a signed-out visitor's second read from memory, with that visitor's own CSP nonce", async () => {
    const first = await get("/properties");
    expect(first.status).toBe(200);
    await first.text();
    const second = await get("/properties");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const nonce = nonceOf(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(first));
    const html = await second.text();
    expect(html).toContain("Cached Residency");
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("sends a kept page compressed once: gzip for any reader who accepts it, with their nonce; as it is to one who does not", async () => {
    await (await get("/properties")).text();
    const browser = await raw("/properties", "gzip, deflate, br, zstd");
    expect(browser.headers["x-page-cache"]).toBe("hit");
    expect(browser.headers["content-encoding"]).toBe("gzip");
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.gunzipSync(browser.body).toString("utf8");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(browser.headers["content-security-policy"]))?.[1] ?? "";
    expect(nonce).toBeTruthy();
    expect(html).toContain("Cached Residency");
    expect(html).toContain(`nonce="${nonce}"`);
    // Far smaller than the page: compressed (at zlib's default level) when it was kept.
    expect(browser.body.length).toBeLessThan(Buffer.byteLength(html) / 4);

    const plain = await raw("/properties", undefined);
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const plainNonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(plain.headers["content-security-policy"]))?.[1] ?? "";
    expect(plain.body.toString("utf8")).toBe(html.replaceAll(nonce, plainNonce));
  });

  it("never serves a signed-in visitor from the cache, nor keeps their page", async () => {
    const user = await createUser(db.current.prisma);
    const cookie = await sessionCookieFor(user.id);
    await (await get("/properties")).text(); // a signed-out copy is in the cache
    for (let i = 0; i < 2; i++) {
      const signedIn = await get("/properties", { Cookie: cookie });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("x-page-cache")).toBeNull();
      // The header's signed-in user travels in the page's data.
      expect(await signedIn.text()).toContain('\\"displayName\\"');
    }
    const anonymous = await get("/properties");
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain('\\"displayName\\"');
    // Any cookie at all (a flash message, a stale session) skips the cache too.
    expect((await get("/properties", { Cookie: "other=1" })).headers.get("x-page-cache")).toBeNull();
  });

  it("forgets every page when a property changes", async () => {
    await (await get(`/properties`)).text();
    expect((await get("/properties")).headers.get("x-page-cache")).toBe("hit");
    await db.current.prisma.property.update({ where: { id: propertyId }, data: { title: "Renamed Residency" } });
    await eventually(async () => (await (await get("/properties")).text()).includes("Renamed Residency"));
  });

  it("caches the data request apart from the document", async () => {
    await (await get("/properties.data")).arrayBuffer();
    const again = await get("/properties.data");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-type")).not.toMatch(/html/);
  });
});

import http from "node:http";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

// The real server.ts (production build) on its own database, over loopback HTTP.
const db = useTestDatabase();
let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", E2E_PROBES: "true" });
});
afterAll(async () => {
  await app?.stop();
});

describe("health endpoints", () => {
  it("answers /healthz while the process is up", async () => {
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with 200 while the database is reachable and 503 while it is not", async () => {
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
    const admin = new pg.Client({ connectionString: db.current.adminUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${db.current.name} ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [db.current.name]);
      const down = await fetch(`${app.baseUrl}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: "unavailable" });
    } finally {
      await admin.query(`ALTER DATABASE ${db.current.name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe("pages and headers", () => {
  it("serves an unknown path as the 404 page with status 404", async () => {
    const response = await fetch(`${app.baseUrl}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>[^<]*Return to Home/);
  });

  it("enforces a CSP whose nonce is the one on every script of the page", async () => {
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("content-security-policy-report-only")).toBeNull();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const second = (await fetch(`${app.baseUrl}/`)).headers.get("content-security-policy");
    expect(second).not.toContain(nonce);
  });

  it("sends nosniff, refuses framing and hides the framework", async () => {
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("lets browsers cache fingerprinted assets for a year and compresses them", async () => {
    // A hydrated page names its fingerprinted scripts (the stylesheet is inlined, ADR 0042).
    const html = await (await fetch(`${app.baseUrl}/properties`)).text();
    const asset = /(\/assets\/[^"]+\.js)/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${app.baseUrl}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends browsers a rendered page in gzip, with the stylesheet compressed once spliced in, which decodes to the same page", async () => {
    const plain = await rawResponse(`${app.baseUrl}/no-such-page`, "identity");
    const compressed = await rawResponse(`${app.baseUrl}/no-such-page`, "gzip, deflate, br, zstd");
    expect(compressed.status).toBe(404);
    expect(compressed.encoding).toBe("gzip");
    expect(plain.encoding).toBeUndefined();
    const decoded = zlib.gunzipSync(compressed.body).toString("utf8");
    expect(decoded.replaceAll(compressed.nonce, "N")).toBe(plain.body.toString("utf8").replaceAll(plain.nonce, "N"));
    expect(decoded).toContain("</html>");
    // The stylesheet's blocks are the same bytes in every answer: compressed once, not per page.
    const stylesheet = /<style id="app-stylesheet"[^>]*>([\s\S]+?)<\/style>/.exec(decoded)?.[1] ?? "";
    expect(stylesheet.length).toBeGreaterThan(10_000);
    const once = zlib.deflateRawSync(Buffer.from(stylesheet), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(compressed.body.includes(once)).toBe(true);
    const again = await rawResponse(`${app.baseUrl}/no-such-page`, "gzip");
    expect(again.body.includes(once)).toBe(true);
  });

  it("sends a client that takes brotli and not gzip a page in brotli with a 256 KiB window, which decodes to the same page", async () => {
    const plain = await rawResponse(`${app.baseUrl}/no-such-page`, "identity");
    const compressed = await rawResponse(`${app.baseUrl}/no-such-page`, "br");
    // A page rendered for this answer (the page cache, which sends gzip, keeps only 200s).
    expect(compressed.status).toBe(404);
    expect(compressed.encoding).toBe("br");
    expect(brotliWindowBits(compressed.body[0]!)).toBe(18);
    // Each answer carries its own CSP nonce; the rest of the page is the same.
    const decoded = zlib.brotliDecompressSync(compressed.body).toString("utf8");
    expect(decoded.replaceAll(compressed.nonce, "N")).toBe(plain.body.toString("utf8").replaceAll(plain.nonce, "N"));
    expect(decoded).toContain("</html>");
  });
});

/** A response body exactly as sent (not decoded), its encoding and its CSP nonce. */
function rawResponse(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number | undefined; body: Buffer; encoding: string | undefined; nonce: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks),
            encoding: res.headers["content-encoding"],
            nonce: /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "no nonce",
          }),
        );
      })
      .on("error", reject);
  });
}

/** The sliding window a brotli stream declares in its first bits (RFC 7932, section 9.1). */
function brotliWindowBits(first: number): number {
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

describe("mutations", () => {
  it("refuses a form posted from another site", async () => {
    const response = await fetch(`${app.baseUrl}/`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    const crossSite = await fetch(`${app.baseUrl}/`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
  });

  it("lets a same-origin form through to the app", async () => {
    const response = await fetch(`${app.baseUrl}/`, {
      method: "POST",
      headers: { origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
      redirect: "manual",
    });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

describe("rate limits on form posts", () => {
  let limited: AppProcess;
  beforeAll(async () => {
    limited = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", RATE_LIMIT_PER_MINUTE: "3" });
    // Counts are shared by every process on the database (ADR 0032): start from none.
    await db.current.prisma.rateLimitCounter.deleteMany();
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("answers 429 once a client has posted more than the limit in a minute, and never limits reading", async () => {
    const post = () =>
      fetch(`${limited.baseUrl}/auth/sign-out`, {
        method: "POST",
        headers: { origin: limited.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post()).status);
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    const refused = await post();
    expect(await refused.text()).toContain("Too many requests");
    for (let i = 0; i < 5; i++) expect((await fetch(`${limited.baseUrl}/healthz`)).status).toBe(200);
  });
});

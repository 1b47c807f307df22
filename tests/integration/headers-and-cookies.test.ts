import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { listPathBuilders } from "../../app/lib/paths";
import { PAYMENT_ENDPOINTS } from "../../app/lib/route-table";
import { reloadEnv } from "../../app/services/env.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The controls of docs/security.md, over loopback HTTP against the real server.ts in production: the
 * security headers on every kind of answer, no-store on everything a signed-in browser
 * gets, the cookies' attributes, and cross-site posts refused on every path.
 */

const db = useTestDatabase();
const SECRET = "headers-and-cookies-session-secret-0123456789";
let app: AppProcess;
let investorCookie: string;
let adminCookie: string;
let transactionId: string;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  reloadEnv();
  // The refusals below are many; the rate limit (tested elsewhere) must not answer first.
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  const prisma = db.current.prisma;
  const investor = await createInvestor(prisma, { balance: "100000" });
  const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000", city: "Nashik" });
  const receipt = await purchaseShares(prisma, {
    userId: investor.id,
    propertyId: property.id,
    shares: 2,
    idempotencyKey: newIdempotencyKey(),
  });
  transactionId = receipt.transactionId;
  investorCookie = await createSession(prisma, investor.id, { production: true });
  const admin = await createUser(prisma, { isAdmin: true });
  adminCookie = await createSession(prisma, admin.id, { production: true });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const get = (pathname: string, cookie?: string) =>
  fetch(`${app.baseUrl}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

function expectSecurityHeaders(response: Response, what: string) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(response.headers.get("strict-transport-security"), what).toBe("max-age=63072000; includeSubDomains");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("permissions-policy"), what).toMatch(/^camera=\(\)|^camera=\(self\)/);
  expect(response.headers.get("permissions-policy"), what).toContain("microphone=()");
  expect(response.headers.get("permissions-policy"), what).toContain("geolocation=()");
}

describe("security headers on every kind of answer", () => {
  it("are on pages, health checks, 404s, static files, assets, errors and refusals", async () => {
    // A hydrated page names its fingerprinted scripts (the stylesheet is inlined, ADR 0042).
    const html = await (await get("/properties")).text();
    const asset = /(\/assets\/[^"]+\.js)/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const answers: [string, Response][] = [
      ["/", await get("/")],
      ["/healthz", await get("/healthz")],
      ["/readyz", await get("/readyz")],
      ["404 page", await get("/no/such/page")],
      ["static file", await get("/favicon.ico")],
      ["fingerprinted asset", await get(asset!)],
      ["service worker", await get("/sw.js")],
      ["signed-in page", await get("/dashboard/overview", investorCookie)],
      ["a .data request", await get("/dashboard/overview.data", investorCookie)],
      ["the receipt", await get(`/dashboard/transactions/${transactionId}/receipt.pdf`, investorCookie)],
      ["a redirect", await get("/dashboard/overview")],
      ["405", await fetch(`${app.baseUrl}/`, { method: "PROPFIND" })],
      ["cross-site refusal", await fetch(`${app.baseUrl}/welcome`, { method: "POST", headers: { Origin: "https://evil.example" } })],
    ];
    for (const [what, response] of answers) {
      expect(response.status, what).toBeLessThan(500);
      expectSecurityHeaders(response, what);
    }
  });

  it("lets only the KYC page use the camera", async () => {
    expect((await get("/kyc", investorCookie)).headers.get("permissions-policy")).toMatch(/^camera=\(self\),/);
    for (const pathname of ["/", "/dashboard/overview", "/kyc/documents/x", "/properties", "/healthz"]) {
      expect((await get(pathname, investorCookie)).headers.get("permissions-policy"), pathname).toMatch(/^camera=\(\),/);
    }
  });
});

describe("Cache-Control: no-store for a signed-in browser", () => {
  it("on every page, its data request, the receipt, the export and the private files", async () => {
    const pathnames = [
      "/dashboard/overview",
      "/dashboard/overview.data",
      "/dashboard/wallet",
      "/dashboard/wallet.data",
      "/dashboard/transactions",
      `/dashboard/transactions/${transactionId}`,
      `/dashboard/transactions/${transactionId}/print`,
      `/dashboard/transactions/${transactionId}/receipt.pdf`,
      "/properties",
      "/kyc",
      "/welcome",
      "/no/such/page",
    ];
    for (const pathname of pathnames) {
      const response = await get(pathname, investorCookie);
      expect(response.status, pathname).toBeLessThan(500);
      expect(response.headers.get("cache-control"), pathname).toMatch(/^(private, )?no-store$/);
    }
    for (const pathname of ["/admin/users", "/admin/analytics.csv", "/admin/users.data", "/admin/audit"]) {
      const response = await get(pathname, adminCookie);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("cache-control"), pathname).toMatch(/^(private, )?no-store$/);
    }
  });

  it("leaves public, fingerprinted files cacheable", async () => {
    // The landing page ships no React (ADR 0024); the catalogue loads the fingerprinted bundles.
    const html = await (await get("/properties")).text();
    const asset = /(\/assets\/[^"]+\.js)/.exec(html)?.[1];
    expect((await get(asset!, investorCookie)).headers.get("cache-control")).toContain("immutable");
  });
});

describe("cookies in production", () => {
  it("are HttpOnly, SameSite=Lax, Secure, host-only __Host- cookies through a whole sign-in and sign-out", async () => {
    const setCookies: string[] = [];
    const origin = app.baseUrl;
    const start = await fetch(`${origin}/auth/google`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2Fkyc",
      redirect: "manual",
    });
    setCookies.push(...start.headers.getSetCookie());
    const authorize = new URL(start.headers.get("location")!);
    const jar = () => setCookies.map((c) => c.split(";")[0]!).join("; ");
    const consent = await fetch(`${origin}/oauth-stand-in/authorize`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), email: "cookies@headers.example.in" }).toString(),
      redirect: "manual",
    });
    const callback = await fetch(consent.headers.get("location")!, { headers: { Cookie: jar() }, redirect: "manual" });
    expect(callback.status).toBe(302);
    setCookies.push(...callback.headers.getSetCookie());
    const session = callback.headers.getSetCookie().find((c) => c.startsWith("__Host-aangan_session="))!;
    expect(session).toBeTruthy();
    const signOut = await fetch(`${origin}/auth/sign-out`, {
      method: "POST",
      headers: { Origin: origin, Cookie: session.split(";")[0]!, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    setCookies.push(...signOut.headers.getSetCookie());
    expect(new Set(setCookies.map((c) => c.split("=")[0]))).toEqual(
      new Set(["__Host-aangan_oauth", "__Host-aangan_return_to", "__Host-aangan_reauth", "__Host-aangan_session", "__Host-aangan_flash"]),
    );
    for (const cookie of setCookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/; Domain=/i);
    }
  });
});

describe("cross-site form posts", () => {
  it("are refused on every path the app has, with every mutating method, before any row changes", async () => {
    const prisma = db.current.prisma;
    const count = async () =>
      JSON.stringify(
        await Promise.all([
          prisma.supportTicket.count(),
          prisma.ledgerJournal.count(),
          prisma.session.count(),
          prisma.watchlistEntry.count(),
          prisma.userProfile.findMany({ orderBy: { id: "asc" } }),
        ]),
      );
    const before = await count();
    // The payment gateway's return and webhook are posted to by the gateway's site by design,
    // exempt by exact path and authenticated by its signature (ADR 0061): checked below.
    const signedByGateway: string[] = Object.values(PAYMENT_ENDPOINTS);
    const pathnames = listPathBuilders()
      .map((builder) => builder.pattern.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000"))
      .filter((pathname) => !signedByGateway.includes(pathname));
    expect(pathnames.length).toBeGreaterThan(40);
    const attempts: [string, Record<string, string>][] = [
      ["POST", { Origin: "https://evil.example" }],
      ["POST", { Origin: "null" }],
      ["POST", { "Sec-Fetch-Site": "cross-site" }],
      ["POST", { "Sec-Fetch-Site": "same-site", Origin: "https://sub.127.0.0.1.nip.example" }],
      ["PUT", { Origin: "https://evil.example" }],
      ["DELETE", { Origin: "https://evil.example" }],
      ["PATCH", { "Sec-Fetch-Site": "cross-site" }],
    ];
    for (const pathname of pathnames) {
      for (const [method, headers] of attempts) {
        const response = await fetch(`${app.baseUrl}${pathname}`, {
          method,
          headers: { ...headers, Cookie: investorCookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=withdraw&amount=100&description=x",
          redirect: "manual",
        });
        expect([403, 405], `${method} ${pathname} ${JSON.stringify(headers)}`).toContain(response.status);
      }
    }
    // The gateway's endpoints take the cross-site post, and an unsigned one changes nothing.
    for (const pathname of signedByGateway) {
      const response = await fetch(`${app.baseUrl}${pathname}`, {
        method: "POST",
        headers: { Origin: "https://evil.example", Cookie: investorCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "razorpay_payment_id=pay_x&razorpay_order_id=order_x&razorpay_signature=00",
        redirect: "manual",
      });
      expect(response.status, pathname).not.toBe(403);
      expect(response.status, pathname).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
  });
});

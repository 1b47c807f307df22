import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_ENDPOINTS, ROUTE_TABLE, type RouteEntry, type RouteGuard } from "../../app/lib/route-table";
import { reloadEnv } from "../../app/services/env.server";
import { createProperty, createSession, createUser, type UserOverrides } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { raiseComplaint } from "../../app/domain/grievances/raise-grievance.server";
import { requestErasure } from "../../app/domain/grievances/request-erasure.server";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { uploadPropertyDocument } from "../../app/domain/admin/properties/property-documents.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { privateUploadsDir } from "../../app/services/storage/local-disk.server";
import { localPrivateStorage } from "../../app/services/storage/local-private-storage.server";
import { createPlan } from "../../app/domain/plans/plans.server";
import { Decimal } from "../../app/lib/money";
import { unzipText } from "#tests/kit/zip";
import { DATA_CATEGORIES } from "../../app/lib/privacy/data-inventory";

/**
 * Every route of the route table, for every kind of visitor, through the production
 * build's request handler on a real database: the status, or where the redirect goes.
 * The expectations below restate the spec's guards by hand rather than calling the
 * guard code, so a guard that drifts from the spec fails here.
 */

const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = "http://localhost:3000";

type Persona =
  | "anonymous"
  | "explorer"
  | "expired explorer, enforcement off"
  | "expired explorer, enforcement on"
  | "waitlist player"
  | "small investor"
  | "large investor"
  | "admin";

const PERSONAS: Persona[] = [
  "anonymous",
  "explorer",
  "expired explorer, enforcement off",
  "expired explorer, enforcement on",
  "waitlist player",
  "small investor",
  "large investor",
  "admin",
];

/** 200, or the Location a redirect must carry; "sign-in" stands for /auth?redirectTo=<this path>. */
type Outcome = 200 | 400 | 403 | 404 | "sign-in" | `/${string}`;

function expectedGet(guard: RouteGuard, persona: Persona, entry: RouteEntry): Outcome {
  const expired = persona.startsWith("expired");
  const enforcing = persona === "expired explorer, enforcement on";
  const ok: Outcome = entry.redirectsTo ? (entry.redirectsTo as Outcome) : 200;
  if (persona === "anonymous") return guard === "public" || guard === "guest" ? 200 : "sign-in";
  switch (guard) {
    case "public":
      return 200;
    case "guest":
      return expired ? "/trial-expired" : "/welcome";
    case "welcome":
      return expired ? "/trial-expired" : 200;
    case "trial-expired":
      // Past the guard, "prop-matrix-1" is no Premium payment or period of theirs.
      if (entry.pattern === "/premium/payments/:paymentId" || entry.pattern === "/premium/periods/:subscriptionId/receipt.pdf") return 404;
      return 200;
    case "user":
      if (enforcing) return "/trial-expired";
      // Past the guard, "prop-matrix-1" is no payment of theirs.
      if (entry.pattern === "/wallet/payments/:paymentId") return 404;
      // The watchlist and notifications of users without an investor dashboard; investors
      // (and, for the watchlist, waitlist players) are sent to their dashboard's copy.
      if (entry.pattern === "/watchlist" || entry.pattern === "/notifications") {
        if (persona === "small investor" || persona === "large investor") return `/dashboard${entry.pattern}`;
        if (persona === "waitlist player" && entry.pattern === "/watchlist") return "/waitlist-dashboard/watchlist";
      }
      return 200;
    case "data-rights":
      // DPDP rights are every signed-in user's (ADR 0082): whatever the tier, trial or subscription.
      return 200;
    case "dashboard":
      if (expired) return "/trial-expired";
      if (persona === "explorer" || persona === "admin") return "/welcome"; // the admin is an explorer-tier admin
      if (persona === "waitlist player") return "/waitlist-dashboard";
      // Past the guards, a property the investor never held reads 'Property not found'.
      if (entry.pattern === "/dashboard/p/:propertyId") return 404;
      // "prop-matrix-1" is no complaint of theirs (nor an id).
      if (entry.pattern === "/dashboard/complaints/:ticketId") return 404;
      // A TDS certificate names its quarter; asked for without one, it is bad input.
      if (entry.pattern === "/dashboard/statements/tds-certificate.pdf") return 400;
      // "prop-matrix-1" is no monthly plan of theirs (nor an id; ADR 0072).
      if (entry.pattern === "/dashboard/plans/:planId") return 404;
      // "prop-matrix-1" is no holdings certificate of theirs (ADR 0066).
      if (entry.pattern === "/dashboard/holdings-certificate/:certificateId/certificate.pdf") return 404;
      return ok;
    case "waitlist-dashboard":
      if (enforcing) return "/trial-expired";
      return persona === "waitlist player" ? ok : "/dashboard/overview";
    case "admin":
      if (persona !== "admin") return "/dashboard/overview";
      // Past the guard, the parameter "prop-matrix-1" is no user id.
      if (entry.pattern === "/admin/users/:userId") return 404;
      // "prop-matrix-1" is no valuation id (ADR 0069).
      if (entry.pattern === "/admin/properties/:propertyId/valuations/:valuationId/report.pdf") return 404;
      // A quarter's TDS return data names its quarter; asked for without one, it is bad input.
      if (entry.pattern === "/admin/tds/return.csv") return 400;
      return ok;
  }
}

function expectedPost(entry: RouteEntry, persona: Persona): Outcome {
  if (persona === "anonymous") return "sign-in";
  if (entry.guard === "admin") {
    // A non-admin's post is refused outright; the admin's (an unknown intent) is bad input.
    return persona === "admin" ? 400 : 403;
  }
  if (entry.pattern === "/test-analytics") return persona === "expired explorer, enforcement on" ? "/trial-expired" : 400;
  if (entry.pattern === "/invest/:propertyId") {
    // Past the guards, a purchase form without shares or key is refused as bad input.
    return persona === "expired explorer, enforcement on" ? "/trial-expired" : 400;
  }
  // The upgrade forms need only a signed-in user and come back to the page they were sent from.
  if (entry.pattern === "/welcome" || entry.pattern === "/trial-expired") return entry.pattern as Outcome;
  // A watchlist command that cannot be read goes back to the watchlist with its failure toast.
  if (entry.pattern === "/watchlist") return "/watchlist";
  // Marking one's own alerts read needs only a session; past it, an unknown intent is bad input.
  if (entry.pattern === "/dashboard/notifications") return 400;
  // Every other form is behind its page's guard (the trading page's notice is public, its forms are not);
  // past the guard, the matrix's unknown intent is bad input.
  const refusal = expectedGet(entry.pattern === "/trading" ? "user" : entry.guard, persona, entry);
  return typeof refusal === "string" ? refusal : 400;
}

function concretePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, "prop-matrix-1");
}

let handle: (request: Request) => Promise<Response>;
const cookies = new Map<Persona, string>();

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "authorization-matrix-session-secret-0123456789";
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  for (const entry of ROUTE_TABLE) {
    const registered = Object.keys(build.routes).some((id) => routePattern(build, id) === entry.pattern);
    if (!registered) throw new Error(`The build has no route for ${entry.pattern}: rebuild with \`npm run build\`.`);
  }
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "matrix" });

  const prisma = db.current.prisma;
  const make = async (persona: Persona, overrides: UserOverrides) => {
    const user = await createUser(prisma, { email: `${persona.replace(/[^a-z]+/g, "-")}@matrix.example.in`, ...overrides });
    cookies.set(persona, await createSession(prisma, user.id));
  };
  const trialEnded = new Date(Date.now() - 2 * DAY);
  await make("explorer", { tier: "explorer" });
  await make("expired explorer, enforcement off", { tier: "explorer", trialExpiresAt: trialEnded });
  await make("expired explorer, enforcement on", { tier: "explorer", trialExpiresAt: trialEnded });
  await make("waitlist player", { tier: "waitlist_player", subscriptionActive: true });
  await make("small investor", { tier: "small_investor", subscriptionActive: true });
  await make("large investor", { tier: "large_investor", subscriptionActive: true });
  await make("admin", { tier: "explorer", isAdmin: true });
  // The property the parameterised routes (/invest/:propertyId, /dashboard/p/:propertyId) point at.
  await createProperty(prisma, { id: "prop-matrix-1" });
});

afterEach(() => {
  delete process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED;
  reloadEnv();
});

/** The route pattern the build registered for a route id, parents included. */
function routePattern(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  let route = build.routes[id];
  while (route) {
    if (route.path) parts.unshift(route.path);
    route = route.parentId ? build.routes[route.parentId] : undefined;
  }
  return `/${parts.join("/")}`.replace(/\/+$/, "") || "/";
}

async function send(persona: Persona, method: "GET" | "POST", pathname: string): Promise<Response> {
  const headers = new Headers();
  const cookie = cookies.get(persona);
  if (cookie) headers.set("Cookie", cookie);
  if (method === "POST") {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
  }
  process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED = persona === "expired explorer, enforcement on" ? "true" : "false";
  // The build reads the environment once parsed; parse it again with this flag.
  reloadEnv();
  return handle(
    new Request(`${ORIGIN}${pathname}`, {
      method,
      headers,
      body: method === "POST" ? "intent=request-upgrade" : undefined,
      redirect: "manual",
    }),
  );
}

function describeOutcome(response: Response): string {
  if (response.status >= 300 && response.status < 400) return `${response.status} → ${response.headers.get("Location")}`;
  return String(response.status);
}

function expectOutcome(response: Response, outcome: Outcome, pathname: string) {
  if (typeof outcome === "number") {
    expect(describeOutcome(response)).toBe(String(outcome));
    return;
  }
  const location = outcome === "sign-in" ? `/auth?${new URLSearchParams({ redirectTo: pathname })}` : outcome;
  expect([301, 302, 303, 307, 308]).toContain(response.status);
  expect(response.headers.get("Location")).toBe(location);
}

describe.each(ROUTE_TABLE.map((entry) => [entry.pattern, entry] as const))("%s", (_pattern, entry) => {
  const pathname = concretePath(entry.pattern);

  it.each(PERSONAS)(`GET as %s`, async (persona) => {
    const response = await send(persona, "GET", pathname);
    expectOutcome(response, expectedGet(entry.guard, persona, entry), pathname);
  });

  if (entry.hasAction) {
    it.each(PERSONAS)(`POST as %s`, async (persona) => {
      const response = await send(persona, "POST", pathname);
      expectOutcome(response, expectedPost(entry, persona), pathname);
    });
  }
});

describe("the payment gateway's endpoints (no session; the gateway's signature decides)", () => {
  it.each(PERSONAS)("the checkout return sends %s to the wallet, crediting nothing without a signed payment", async (persona) => {
    for (const method of ["GET", "POST"] as const) {
      const response = await send(persona, method, PAYMENT_ENDPOINTS.checkoutReturn);
      expectOutcome(response, "/dashboard/wallet", PAYMENT_ENDPOINTS.checkoutReturn);
    }
  });

  it.each(PERSONAS)("the webhook answers %s 405 to a read, and 404 to a post while no gateway is set", async (persona) => {
    expect((await send(persona, "GET", PAYMENT_ENDPOINTS.razorpayWebhook)).status).toBe(405);
    expect((await send(persona, "POST", PAYMENT_ENDPOINTS.razorpayWebhook)).status).toBe(404);
  });

  it("a payment's page is its owner's alone", async () => {
    const prisma = db.current.prisma;
    const owner = await prisma.userProfile.findUniqueOrThrow({ where: { email: "small-investor@matrix.example.in" } });
    const order = await prisma.paymentOrder.create({
      data: { userId: owner.id, amount: "5000", provider: "razorpay", idempotencyKey: "matrix-payment-key-1" },
    });
    const pathname = `/wallet/payments/${order.id}`;
    expect((await send("small investor", "GET", pathname)).status).toBe(200);
    for (const persona of ["large investor", "waitlist player", "admin"] as const) {
      expect((await send(persona, "GET", pathname)).status).toBe(404);
    }
    expectOutcome(await send("anonymous", "GET", pathname), "sign-in", pathname);
  });
});

describe("Premium's own pages", () => {
  it("a Premium payment and a paid period's receipt are their owner's alone", async () => {
    const prisma = db.current.prisma;
    const owner = await prisma.userProfile.findUniqueOrThrow({ where: { email: "small-investor@matrix.example.in" } });
    const price = await prisma.premiumPrice.findFirstOrThrow();
    const order = await prisma.paymentOrder.create({
      data: {
        userId: owner.id,
        purpose: "premium",
        premiumPriceId: price.id,
        amount: price.price,
        provider: "razorpay",
        idempotencyKey: "matrix-premium-key-1",
      },
    });
    const waiver = await prisma.subscription.create({ data: { userId: owner.id, source: "waiver", startsAt: new Date() } });
    const paymentPage = `/premium/payments/${order.id}`;
    expect((await send("small investor", "GET", paymentPage)).status).toBe(200);
    for (const persona of ["large investor", "waitlist player", "admin"] as const) {
      expect((await send(persona, "GET", paymentPage)).status).toBe(404);
    }
    expectOutcome(await send("anonymous", "GET", paymentPage), "sign-in", paymentPage);
    // A waiver has no receipt, for its owner either; an unpaid order's page is no receipt.
    expect((await send("small investor", "GET", `/premium/periods/${waiver.id}/receipt.pdf`)).status).toBe(404);
    expect((await send("large investor", "GET", `/premium/periods/${waiver.id}/receipt.pdf`)).status).toBe(404);
  });
});

describe("complaints and data requests", () => {
  it("a complaint's page is its owner's alone, and only its owner can escalate it", async () => {
    const prisma = db.current.prisma;
    const owner = await prisma.userProfile.findUniqueOrThrow({ where: { email: "small-investor@matrix.example.in" } });
    const { ticketId } = await raiseComplaint(prisma, owner.id, {
      subject: "Matrix complaint",
      description: "Only its owner may see this.",
    });
    const pathname = `/dashboard/complaints/${ticketId}`;
    expect((await send("small investor", "GET", pathname)).status).toBe(200);
    expect((await send("large investor", "GET", pathname)).status).toBe(404);
    expectOutcome(await send("anonymous", "GET", pathname), "sign-in", pathname);
    const escalate = (persona: Persona) =>
      handle(
        new Request(`${ORIGIN}${pathname}`, {
          method: "POST",
          headers: {
            Cookie: cookies.get(persona)!,
            Origin: ORIGIN,
            Host: "localhost:3000",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "intent=escalate",
          redirect: "manual",
        }),
      );
    expect((await escalate("large investor")).status).toBe(404);
    expect(await prisma.grievanceEscalation.count({ where: { ticketId } })).toBe(0);
    expect((await escalate("small investor")).status).toBe(302);
    expect((await escalate("small investor")).status).toBe(409);
    expect(await prisma.grievanceEscalation.count({ where: { ticketId } })).toBe(1);
  });

  it("a data request's page is its owner's alone", async () => {
    const prisma = db.current.prisma;
    const owner = await prisma.userProfile.findUniqueOrThrow({ where: { email: "small-investor@matrix.example.in" } });
    const { ticketId } = await requestErasure(prisma, owner.id, { categories: ["kyc", "notifications"] });
    const pathname = `/dashboard/complaints/${ticketId}`;
    expect((await send("small investor", "GET", pathname)).status).toBe(200);
    expect((await send("large investor", "GET", pathname)).status).toBe(404);
    expect((await send("admin", "GET", pathname)).status).not.toBe(200);
  });
});

describe("data rights are every signed-in user's, each their own (ADR 0082)", () => {
  const post = (persona: Persona, body: string) =>
    handle(
      new Request(`${ORIGIN}/dashboard/data-rights`, {
        method: "POST",
        headers: {
          Cookie: cookies.get(persona)!,
          Origin: ORIGIN,
          Host: "localhost:3000",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
        redirect: "manual",
      }),
    );

  it("a waitlist player asks for erasure and correction, names a representative and exports their data; nobody else sees it", async () => {
    const prisma = db.current.prisma;
    const player = await prisma.userProfile.findUniqueOrThrow({ where: { email: "waitlist-player@matrix.example.in" } });
    const page = await send("waitlist player", "GET", "/dashboard/data-rights");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Ask for erasure");
    // The waitlist dashboard's own navigation frames the page, not the investor dashboard's.
    expect(html).toContain('aria-label="Waitlist dashboard"');
    expect(html).not.toContain('aria-label="Dashboard"');

    // An erasure: what no law keeps goes at once, KYC is refused with the law's reason, and the
    // answer comes back to this page (the request pages are on the investor dashboard).
    const erasure = await post("waitlist player", "intent=erasure&categories=kyc&categories=notifications");
    expect(erasure.status).toBe(302);
    expect(erasure.headers.get("Location")).toBe("/dashboard/data-rights");
    const correction = await post("waitlist player", "intent=correction&field=full_name&value=Matrix+Player+Corrected");
    expect(correction.headers.get("Location")).toBe("/dashboard/data-rights");
    expect(
      await prisma.grievance.findMany({ where: { userId: player.id }, select: { kind: true }, orderBy: { createdAt: "asc" } }),
    ).toEqual([{ kind: "erasure" }, { kind: "correction" }]);
    const saved = await post(
      "waitlist player",
      "intent=representative&fullName=Meera+Player&email=meera%40matrix.example.in&relationship=Sister",
    );
    expect(saved.headers.get("Location")).toBe("/dashboard/data-rights");
    expect(await prisma.dataRepresentative.findUnique({ where: { userId: player.id } })).toMatchObject({ fullName: "Meera Player" });

    const after = await (await send("waitlist player", "GET", "/dashboard/data-rights")).text();
    expect(after).toContain("Prevention of Money-laundering Act 2002 (section 12)");
    expect(after).toContain("Meera Player");
    expect(after).toContain("Acknowledge");

    const zip = await send("waitlist player", "GET", "/dashboard/data-export.zip");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = await unzipText(Buffer.from(await zip.arrayBuffer()));
    expect(JSON.parse(files["profile.json"]!).email).toBe("waitlist-player@matrix.example.in");
    expect(Object.values(files).join("\n")).not.toContain("small-investor@matrix.example.in");

    // Owner only: another user's page shows none of it, and their own export is theirs.
    const other = await (await send("explorer", "GET", "/dashboard/data-rights")).text();
    expect(other).not.toContain("Meera Player");
    expect(other).not.toContain("Prevention of Money-laundering Act 2002 (section 12)");
    const otherFiles = await unzipText(Buffer.from(await (await send("explorer", "GET", "/dashboard/data-export.zip")).arrayBuffer()));
    expect(JSON.parse(otherFiles["profile.json"]!).email).toBe("explorer@matrix.example.in");
    expect(Object.values(otherFiles).join("\n")).not.toContain("waitlist-player@matrix.example.in");
    // An investor's request still opens its own page on the dashboard.
    const investor = await post("small investor", "intent=erasure&categories=notifications");
    expect(investor.headers.get("Location")).toMatch(/^\/dashboard\/complaints\/[0-9a-f-]{36}$/);
  });

  it("a frozen account (after transmission) reads as signed out, on the page and the export", async () => {
    const prisma = db.current.prisma;
    const frozen = await createUser(prisma, { email: "frozen@matrix.example.in", tier: "waitlist_player" });
    const cookie = await createSession(prisma, frozen.id);
    await prisma.userProfile.update({ where: { id: frozen.id }, data: { frozenAt: new Date() } });
    for (const pathname of ["/dashboard/data-rights", "/dashboard/data-export.zip"]) {
      const response = await handle(new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?${new URLSearchParams({ redirectTo: pathname })}`);
    }
  });
});

describe("what every visitor can read about their rights (ADR 0067)", () => {
  it("/contact names the Grievance Officer with the clocks, then SEBI SCORES and SMART ODR, for anyone", async () => {
    const contact = await (await send("anonymous", "GET", "/contact")).text();
    expect(contact).toContain("Grievance Officer");
    expect(contact).toContain("Meera Raghunathan (demo)");
    expect(contact).toContain("mailto:grievance@aangan.example");
    expect(contact).toContain("within 24 hours and resolve it within 15 days");
    expect(contact).toContain('href="https://scores.sebi.gov.in/"');
    expect(contact).toContain('href="https://smartodr.in/"');
  });

  it("the standalone privacy notice lists each kind of data with its purpose, for anyone", async () => {
    const notice = await send("anonymous", "GET", "/privacy/notice");
    expect(notice.status).toBe(200);
    const html = (await notice.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    for (const category of DATA_CATEGORIES) {
      expect(html).toContain(category.name);
      expect(html).toContain(category.purpose);
    }
  });
});

describe("holder-only property documents (ADR 0070)", () => {
  it("are the holders' and admins' alone; a public one is every signed-in user's", async () => {
    const prisma = db.current.prisma;
    const dataDir = mkdtempSync(path.join(tmpdir(), "aangan-matrix-vault-"));
    const storage = localPrivateStorage(privateUploadsDir(dataDir));
    const admin = await prisma.userProfile.findUniqueOrThrow({ where: { email: "admin@matrix.example.in" } });
    const holder = await createUser(prisma, {
      email: "holder@matrix.example.in",
      kycStatus: "approved",
      subscriptionActive: true,
      tier: "small_investor",
      balance: "20000",
    });
    await purchaseShares(prisma, { userId: holder.id, propertyId: "prop-matrix-1", shares: 1, idempotencyKey: randomUUID() });
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const upload = (isPublic: boolean) =>
      uploadPropertyDocument(prisma, storage, {
        adminId: admin.id,
        propertyId: "prop-matrix-1",
        documentType: "spv_filing",
        documentName: isPublic ? "Matrix public filing" : "Matrix holder filing",
        description: "",
        isPublic,
        fileName: "filing.pdf",
        body: [pdf],
      });
    const holderOnly = await upload(false);
    const everyone = await upload(true);
    process.env.DATA_DIR = dataDir;
    const holderCookie = await createSession(prisma, holder.id);
    try {
      const read = async (cookie: string | undefined, id: string) => {
        process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED = "false";
        reloadEnv();
        return handle(new Request(`${ORIGIN}/property-documents/${id}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }));
      };
      expect((await read(holderCookie, holderOnly.id)).status).toBe(200);
      expect((await read(cookies.get("admin"), holderOnly.id)).status).toBe(200);
      for (const persona of ["explorer", "waitlist player", "small investor", "large investor"] as const) {
        expect([persona, (await read(cookies.get(persona), holderOnly.id)).status]).toEqual([persona, 404]);
        expect([persona, (await read(cookies.get(persona), everyone.id)).status]).toEqual([persona, 200]);
      }
      const anonymous = await read(undefined, holderOnly.id);
      expect(anonymous.headers.get("Location")).toBe(
        `/auth?${new URLSearchParams({ redirectTo: `/property-documents/${holderOnly.id}` })}`,
      );
    } finally {
      delete process.env.DATA_DIR;
      reloadEnv();
    }
  });
});

describe("monthly plans", () => {
  it("a plan's page and forms are its owner's alone", async () => {
    const prisma = db.current.prisma;
    const owner = await prisma.userProfile.findUniqueOrThrow({ where: { email: "small-investor@matrix.example.in" } });
    const property = await createProperty(prisma, { title: "Matrix Plan Court", sharePrice: "100", minimumInvestment: "100" });
    const { planId } = await createPlan(prisma, owner.id, {
      amount: new Decimal("1000"),
      dayOfMonth: 5,
      startDate: "2030-01-01",
      endDate: null,
      target: { kind: "property", propertyId: property.id },
    });
    const pathname = `/dashboard/plans/${planId}`;
    expect((await send("small investor", "GET", pathname)).status).toBe(200);
    expect((await send("large investor", "GET", pathname)).status).toBe(404);
    expectOutcome(await send("anonymous", "GET", pathname), "sign-in", pathname);
    const post = (persona: Persona, intent: string) =>
      handle(
        new Request(`${ORIGIN}${pathname}`, {
          method: "POST",
          headers: {
            Cookie: cookies.get(persona)!,
            Origin: ORIGIN,
            Host: "localhost:3000",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: `intent=${intent}`,
          redirect: "manual",
        }),
      );
    const pause = (persona: Persona) => post(persona, "pause");
    expect((await pause("large investor")).status).toBe(404);
    // UPI AutoPay's forms (ADR 0077) are the owner's alone too.
    expect((await post("large investor", "mandate-cancel")).status).toBe(404);
    expect((await prisma.investmentPlan.findUniqueOrThrow({ where: { id: planId } })).status).toBe("active");
    expect((await pause("small investor")).status).toBe(302);
    expect((await pause("small investor")).status).toBe(409);
    expect((await prisma.investmentPlan.findUniqueOrThrow({ where: { id: planId } })).status).toBe("paused");
  });
});

describe("paths outside the table", () => {
  it.each(PERSONAS)("answer 404 to %s", async (persona) => {
    const response = await send(persona, "GET", "/no-such-page");
    expect(response.status).toBe(404);
  });
});

describe("sessions through the request handler", () => {
  it("treats a tampered cookie as signed out, never as an error page", async () => {
    const cookie = cookies.get("small investor")!;
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    const response = await handle(new Request(`${ORIGIN}/welcome`, { headers: { Cookie: tampered } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fwelcome");
    const landing = await handle(new Request(`${ORIGIN}/`, { headers: { Cookie: tampered } }));
    expect(landing.status).toBe(200);
  });

  it("signs out on POST /auth/sign-out: the row goes, the cookie is cleared, Goodbye is flashed", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { email: "leaving@matrix.example.in" });
    const cookie = await createSession(prisma, user.id);
    const response = await handle(
      new Request(`${ORIGIN}/auth/sign-out`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("aangan_session=;") && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("aangan_flash="))).toBe(true);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    const after = await handle(new Request(`${ORIGIN}/welcome`, { headers: { Cookie: cookie } }));
    expect(after.headers.get("Location")).toBe("/auth?redirectTo=%2Fwelcome");
  });

  it("keeps only a same-origin redirectTo on the sign-in page", async () => {
    const evil = await handle(new Request(`${ORIGIN}/auth?redirectTo=${encodeURIComponent("https://evil.example")}`));
    expect(evil.status).toBe(200);
    expect(await evil.text()).not.toContain("evil.example");
    const good = await handle(new Request(`${ORIGIN}/auth?redirectTo=${encodeURIComponent("/kyc")}`));
    expect(await good.text()).toMatch(/name="redirectTo" value="\/kyc"/);
  });

  it("records one open upgrade request per user, however often the form is sent", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { email: "upgrader@matrix.example.in" });
    const cookie = await createSession(prisma, user.id);
    const post = () =>
      handle(
        new Request(`${ORIGIN}/trial-expired`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: ORIGIN, Host: "localhost:3000", "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=request-upgrade",
        }),
      );
    expect((await post()).headers.get("Location")).toBe("/trial-expired");
    expect((await post()).headers.get("Location")).toBe("/trial-expired");
    expect(await prisma.supportTicket.count({ where: { userId: user.id, ticketType: "subscription_request" } })).toBe(1);
  });
});

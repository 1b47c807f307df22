import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { appClient } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The small holes a probe found (ADR 0058), each over HTTP
 * on the real server.ts production build: what used to answer 500, send the browser off-site or
 * look like a crash.
 */
const db = useTestDatabase();
// The session secret every app process of the integration tests is started with (tests/setup/app-process.ts).
const SESSION_SECRET = "integration-test-session-secret-0123456789abcdef";
let app: AppProcess;
let investorCookie = "";
let adminCookie = "";
let propertyId = "";
let sellerCookie = "";
let orderId = "";

beforeAll(async () => {
  process.env.SESSION_SECRET = SESSION_SECRET;
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", RATE_LIMIT_PER_MINUTE: "100000" });
  const prisma = db.current.prisma;
  const investor = await createUser(prisma, { tier: "investor", subscriptionActive: true });
  investorCookie = await createSession(prisma, investor.id, { production: true });
  const admin = await createUser(prisma, { email: "probe-admin@example.in", isAdmin: true });
  adminCookie = await createSession(prisma, admin.id, { production: true });
  propertyId = (await createProperty(prisma, { city: "Pune" })).id;
  const market = await createMarket(prisma, { sellerShares: 10 });
  sellerCookie = await createSession(prisma, market.seller.id, { production: true });
  const order = await createSellRequest(prisma, {
    sellerId: market.seller.id,
    propertyId: market.property.id,
    shares: 2,
    pricePerShare: "110",
    idempotencyKey: newIdempotencyKey(),
  });
  orderId = order.orderId;
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

// Url-encoded for fields, multipart for FormData.
const { post: postForm, post: postMultipart } = appClient(() => app);

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

describe("file names a multipart parser choked on", () => {
  it.each(["scan=1.jpg", "pan;card.jpg", 'my "pan".jpg', 'a=b;c"d.jpg'])(
    "KYC accepts a file named %j and keeps it in the draft",
    async (fileName) => {
      const prisma = db.current.prisma;
      const user = await createUser(prisma, { tier: "investor", subscriptionActive: true });
      const cookie = await createSession(prisma, user.id, { production: true });
      const form = new FormData();
      form.append("step", "documents");
      form.append("intent", "next");
      form.append("pan_card", new Blob([await photo()], { type: "image/jpeg" }), fileName);
      const response = await postMultipart("/kyc", cookie, form);
      expect(response.status, await response.text()).toBeLessThan(500);
      const draft = await prisma.kycDraft.findUniqueOrThrow({ where: { userId: user.id } });
      const files = (draft.data as { files?: Record<string, { fileName: string }> }).files ?? {};
      expect(files.pan_card?.fileName).toMatch(/^a|^scan|^pan|^my/);
    },
  );

  it("an admin property upload accepts an image named with = and ;", async () => {
    const form = new FormData();
    form.append("title", "");
    form.append("images", new Blob([await photo()], { type: "image/jpeg" }), "front=view;1.jpg");
    const response = await postMultipart("/admin/properties/new", adminCookie, form);
    // The empty title is refused by the form's own rules: the body was read, not choked on.
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("Something went wrong");
  });

  it("answers an unreadable multipart body with 400 in the form's words", async () => {
    const body = '--edge\r\nContent-Disposition: form-data; name="step\r\n\r\ndocuments\r\n--edge--\r\n';
    const response = await fetch(`${app.baseUrl}/kyc`, {
      method: "POST",
      headers: { Cookie: investorCookie, Origin: app.baseUrl, "Content-Type": "multipart/form-data; boundary=edge" },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read. Please try again.");
  });
});

describe("NUL and other control characters", () => {
  it("answers 400 to a NUL in the catalogue's query, signed out", async () => {
    for (const query of ["city=%00", "city=Pune%00", "search=%01x", "city=%0d%0aX"]) {
      const response = await fetch(`${app.baseUrl}/properties?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(await response.text()).toContain("control characters");
    }
    // The catalogue itself still answers its ordinary queries.
    expect((await fetch(`${app.baseUrl}/properties?city=Pune`)).status).toBe(200);
  });

  it("answers 400 to a NUL in a watchlist field, and saves nothing", async () => {
    const response = await postForm("/watchlist", investorCookie, { intent: "save", propertyId, notes: "good\u0000view" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("control characters");
    expect(await db.current.prisma.watchlistEntry.count({ where: { propertyId } })).toBe(0);
  });

  it("answers 400 to a NUL in a market buy form's idempotencyKey", async () => {
    for (const pathname of ["/trading", `/dashboard/p/${propertyId}`]) {
      const response = await postForm(pathname, investorCookie, { intent: "buy", orderId, shares: "1", idempotencyKey: "key\u0000" });
      expect([pathname, response.status]).toEqual([pathname, 400]);
    }
  });

  it("keeps line breaks and tabs typed into a text area", async () => {
    const response = await postForm("/watchlist", investorCookie, { intent: "save", propertyId, notes: "first line\r\n\tsecond line" });
    expect(response.status).toBeLessThan(400);
  });
});

describe("names", () => {
  it("refuses a KYC full name carrying a line break or markup, and stores nothing of it", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { tier: "investor", subscriptionActive: true, fullName: null });
    const cookie = await createSession(prisma, user.id, { production: true });
    for (const fullName of ["Asha\r\nBcc: someone@example.in", "<b>Asha</b>"]) {
      const response = await postForm("/kyc", cookie, {
        step: "personal",
        intent: "next",
        fullName,
        dateOfBirth: "1990-04-12",
        address: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
        phone: "98765 43210",
        country: "India",
      });
      expect([fullName, response.status]).toEqual([fullName, 400]);
      expect(await response.text()).toContain("Use letters, spaces and . &#x27; - only");
    }
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).fullName).toBeNull();
    const draft = await prisma.kycDraft.findUnique({ where: { userId: user.id } });
    expect(JSON.stringify(draft?.data ?? {})).not.toMatch(/Bcc|<b>/);
  });
});

describe("the market's return path", () => {
  it.each(["/\t/evil.example", "/\r/evil.example", "/\n/evil.example", "/%09/evil.example", "/./\t/evil.example", " //evil.example"])(
    "never sends the browser off-site for returnTo %j",
    async (returnTo) => {
      const response = await postForm("/trading", sellerCookie, {
        intent: "cancel-order",
        orderId: "00000000-0000-4000-8000-000000000000",
        returnTo,
      });
      // A refusal answers in place; a redirect goes to a path on this site with no control characters.
      const location = response.headers.get("Location");
      if (location !== null) {
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(location).not.toMatch(/[\u0000-\u001f\s]/);
        expect(new URL(location, "https://aangan.example").origin).toBe("https://aangan.example");
      }
      expect(response.status).toBeLessThan(500);
    },
  );

  it("follows a tab-spoilt returnTo after a successful cancel to the page's own fallback", async () => {
    const response = await postForm("/trading", sellerCookie, {
      intent: "cancel-order",
      orderId,
      returnTo: "/%09/evil.example".replace("%09", "\t"),
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toBe("/trading");
  });
});

describe("client errors look and log as client errors", () => {
  it("renders a 403 as access denied, not as an unexpected error", async () => {
    const response = await postForm("/admin/kyc", investorCookie, { intent: "approve", userId: "00000000-0000-4000-8000-000000000000" });
    expect(response.status).toBe(403);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>Access Denied · Aangan</title>");
    expect(html).toContain("Access Denied - only administrators can do this.");
    expect(html).not.toContain("Something went wrong");
    expect(html).not.toContain("Unexpected error");
  });

  it("renders a 400 from a form as a refused request", async () => {
    const response = await postForm("/watchlist", investorCookie, { intent: "save", propertyId, notes: "\u0000" });
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>Request Not Accepted · Aangan</title>");
    expect(html).not.toContain("Something went wrong");
  });

  it("logs a 405 without an error-level line", async () => {
    const before = app.output().length;
    const response = await postForm("/properties", "", { anything: "1" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).not.toContain("Something went wrong");
    // The access log's warn line arrives when the answer is finished; wait for it.
    for (let waited = 0; waited < 5_000 && !app.output().slice(before).includes("405"); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = app.output().slice(before).split("\n").filter(Boolean);
    expect(lines.some((line) => line.includes("405"))).toBe(true);
    expect(lines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { formPost } from "#tests/kit/http";
import { loadRequestHandler } from "#tests/kit/production-build";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The spec's failure titles (000 §8, 001 §8) on the market forms, as a browser without
 * JavaScript sees them: the title, then the refusal's own words, through the production build.
 */

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "failure-titles-session-secret-0123456789abc";
  handle = await loadRequestHandler("titles");
});

async function post(cookie: string, pathname: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await handle(formPost(pathname, cookie, fields));
  return { status: response.status, html: (await response.text()).replaceAll("&#x27;", "'") };
}

describe("market failure titles", () => {
  it("a refused purchase reads 'Purchase Failed - ' and the reason", async () => {
    const prisma = db.current.prisma;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const order = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "5",
      pricePerShare: "120",
      notes: "",
      idempotencyKey: newKey(),
    });
    const buyer = await createInvestor(prisma, { balance: "100000" });
    const cookie = await createSession(prisma, buyer.id);
    const reply = await post(cookie, `/trading?property=${property.id}`, {
      intent: "buy",
      orderId: order.orderId,
      shares: "50",
      idempotencyKey: newKey(),
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.html).toMatch(/Purchase Failed - [A-Z][^<]+/);
  });

  it("a refused cancellation reads 'Cancellation Failed - ' and the reason", async () => {
    const prisma = db.current.prisma;
    const investor = await createUser(prisma, { tier: "small_investor", subscriptionActive: true, kycStatus: "approved" });
    const cookie = await createSession(prisma, investor.id);
    const reply = await post(cookie, "/dashboard/sell-requests", {
      intent: "cancel-order",
      orderId: "00000000-0000-4000-8000-000000000000",
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.html).toMatch(/Cancellation Failed - [A-Z][^<]+/);
  });
});

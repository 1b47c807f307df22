import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { requestDeposit } from "../../app/domain/wallet/request-funds.server";
import { reloadEnv } from "../../app/services/env.server";
import { createInvestor, createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { formPost, pageRequest } from "#tests/kit/http";
import { loadRequestHandler, sessionCookieFor } from "#tests/kit/production-build";

/**
 * ADR 0056: every amount a form takes has an upper bound
 * from the domain. Each money form of the app is posted an amount past its bound, through the
 * production build's request handler on a real database: the answer is a 4xx carrying the
 * field's own message, and no row of the money tables changes. The rendered pages are read
 * too, so a new amount field (an input with inputmode="decimal") with no case here fails.
 */

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;

/** The money tables a refused amount must leave alone. */
const WATCHED = [
  "escrow_balances",
  "ledger_journals",
  "ledger_postings",
  "transactions",
  "investments",
  "user_property_positions",
  "share_sell_requests",
  "share_buyer_holds",
  "share_buy_orders",
  "support_tickets",
  "properties",
  "distributions",
  "money_approvals",
];

async function snapshot(): Promise<Record<string, string>> {
  const tables = await db.current.prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`;
  const present = WATCHED.filter((table) => tables.some((t) => t.name === table));
  const columns = present
    .map(
      (table) =>
        `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM "${table}" t) AS "${table}"`,
    )
    .join(",\n");
  const [row] = await db.current.prisma.$queryRawUnsafe<Record<string, string>[]>(`SELECT ${columns}`);
  return row!;
}

type World = {
  investor: { id: string; cookie: string };
  admin: { id: string; cookie: string };
  market: { propertyId: string; orderId: string };
  /** An open property with 1,480 shares left at ₹100 (the investor could pay for more). */
  invest: { propertyId: string };
  ticketId: string;
};
let world: World;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "amount-bounds-session-secret-0123456789abcdef";
  process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED = "false";
  reloadEnv();
  handle = await loadRequestHandler();
  const prisma = db.current.prisma;
  // The investor owns 30 shares of a ₹100 property (band ₹80 to ₹120, ADR 0076) and has money.
  const { property, seller } = await createMarket(prisma, { sellerShares: 30 });
  await prisma.userProfile.update({ where: { id: seller.id }, data: { tier: "small_investor" } });
  const other = await createMarket(prisma, { sellerShares: 12 });
  const order = await createSellRequest(prisma, {
    sellerId: other.seller.id,
    propertyId: other.property.id,
    shares: 12,
    pricePerShare: "120",
    idempotencyKey: randomUUID(),
  });
  const invest = await createProperty(prisma, { sharePrice: "100", totalShares: 2000, availableShares: 1480, minimumInvestment: "100" });
  const admin = await createUser(prisma, { email: "bounds-admin@bounds.example.in", isAdmin: true });
  const deposit = await requestDeposit(prisma, { userId: seller.id, amount: "50000", opsRecipients: [] });
  world = {
    investor: { id: seller.id, cookie: await sessionCookieFor(seller.id) },
    admin: { id: admin.id, cookie: await sessionCookieFor(admin.id) },
    market: { propertyId: property.id, orderId: order.orderId },
    invest: { propertyId: invest.id },
    ticketId: deposit.ticketId,
  };
}, 120_000);

type MoneyCase = {
  /** The form and the field, as the crawl below finds them. */
  form: string;
  field: string;
  persona: "investor" | "admin";
  path: () => string;
  routeId: string;
  body: (amount: string) => Record<string, string>;
  multipart?: boolean;
  /** The amounts past the bound, and what the field then says. */
  over: string[];
  status: number;
  message: string;
};

const HUGE = ["9,99,99,99,99,999", "12345678901234567890"];

function propertyFields(overrides: Record<string, string>): Record<string, string> {
  return {
    intent: "save",
    title: "Bounded Towers",
    description: "A property for the amount bounds test.",
    address: "1 Test Road",
    city: "Pune",
    country: "India",
    propertyType: "residential",
    totalValue: "10000000",
    sharePrice: "1000",
    fundingGoal: "10000000",
    minimumInvestment: "1000",
    maximumInvestment: "",
    expectedAnnualReturn: "8",
    propertyStatus: "open",
    ...overrides,
  };
}

const CASES: MoneyCase[] = [
  {
    form: "add funds",
    field: "amount",
    persona: "investor",
    path: () => "/dashboard/wallet",
    routeId: "routes/dashboard.wallet",
    body: (amount) => ({ intent: "add-funds", amount, priority: "medium", description: "" }),
    over: ["1,00,00,000.01", ...HUGE],
    status: 400,
    message: "Maximum per request is ₹1,00,00,000",
  },
  {
    form: "withdraw",
    field: "amount",
    persona: "investor",
    path: () => "/dashboard/wallet",
    routeId: "routes/dashboard.wallet",
    body: (amount) => ({ intent: "withdraw", amount, priority: "medium", description: "" }),
    over: ["5000050000100000", ...HUGE],
    status: 400,
    message: "Maximum per request is ₹1,00,00,000",
  },
  {
    form: "sell shares",
    field: "pricePerShare",
    persona: "investor",
    path: () => "/trading",
    routeId: "routes/trading",
    body: (price) => ({
      intent: "sell",
      propertyId: world.market.propertyId,
      shares: "2",
      pricePerShare: price,
      idempotencyKey: randomUUID(),
      returnTo: "/trading",
    }),
    over: ["120.01", ...HUGE],
    status: 422,
    message: "Price per share must be between ₹80 and ₹120 (within 20% of the reference price)",
  },
  {
    form: "sell shares",
    field: "shares",
    persona: "investor",
    path: () => "/trading",
    routeId: "routes/trading",
    body: (shares) => ({
      intent: "sell",
      propertyId: world.market.propertyId,
      shares,
      pricePerShare: "120",
      idempotencyKey: randomUUID(),
      returnTo: "/trading",
    }),
    over: ["31", "1480"],
    status: 422,
    message: "You only own 30 shares, cannot sell",
  },
  {
    form: "buy order",
    field: "maxPrice",
    persona: "investor",
    path: () => "/trading",
    routeId: "routes/trading",
    body: (price) => ({
      intent: "buy-order",
      propertyId: world.market.propertyId,
      shares: "2",
      maxPrice: price,
      idempotencyKey: randomUUID(),
      returnTo: "/trading",
    }),
    over: ["120.01", ...HUGE],
    status: 422,
    message: "Price per share must be between ₹80 and ₹120 (within 20% of the reference price)",
  },
  {
    form: "buy from a listing",
    field: "shares",
    persona: "investor",
    path: () => "/trading",
    routeId: "routes/trading",
    body: (shares) => ({ intent: "buy", orderId: world.market.orderId, shares, idempotencyKey: randomUUID(), returnTo: "/trading" }),
    over: ["13", "2000"],
    status: 409,
    message: "Only 12 shares are available",
  },
  {
    form: "invest",
    field: "shares",
    persona: "investor",
    path: () => `/invest/${world.invest.propertyId}`,
    routeId: "routes/invest.$propertyId",
    body: (shares) => ({ intent: "review", propertyId: world.invest.propertyId, shares, idempotencyKey: randomUUID() }),
    over: ["1481"],
    status: 400,
    message: "Only 1,480 shares are available",
  },
  {
    form: "resolve a deposit",
    field: "receivedAmount",
    persona: "admin",
    path: () => "/admin/support",
    routeId: "routes/admin.support",
    body: (amount) => ({ ticketId: world.ticketId, status: "resolved", adminResponse: "Received", receivedAmount: amount }),
    over: ["1,00,00,000.01", ...HUGE],
    status: 400,
    message: "A deposit credits at most ₹1,00,00,000 (the per-request limit)",
  },
  {
    form: "declare a distribution",
    field: "amount",
    persona: "admin",
    path: () => `/admin/properties/${world.market.propertyId}/distributions`,
    routeId: "routes/admin.properties.$propertyId.distributions",
    body: (amount) => ({ intent: "declare", basis: "total", amount, recordDate: "2026-12-01", paymentDate: "2026-12-10", note: "" }),
    over: ["1,00,00,00,000.01", ...HUGE],
    status: 400,
    message: "The amount is too large: at most ₹1,00,00,00,000.",
  },
  {
    form: "set a property's ROI",
    field: "roi",
    persona: "admin",
    path: () => "/admin/share-trading",
    routeId: "routes/admin.share-trading",
    body: (roi) => ({ intent: "set-roi", propertyId: world.market.propertyId, roi }),
    over: ["100.1", "1e5", ...HUGE],
    status: 422,
    message: "ROI must be between 0 and 100, in steps of 0.1",
  },
  ...(["totalValue", "sharePrice", "fundingGoal", "minimumInvestment", "maximumInvestment"] as const).map((field): MoneyCase => ({
    form: "edit a property",
    field,
    persona: "admin",
    path: () => `/admin/properties/${world.market.propertyId}/edit`,
    routeId: "routes/admin.properties.$propertyId.edit",
    body: (amount) => propertyFields({ [field]: amount }),
    multipart: true,
    over: ["100000000000000", "12345678901234567890"],
    status: 400,
    message: "must be a valid number",
  })),
  ...(
    [
      ["monthlyRent", "Monthly rent"],
      ["valuationAmount", "Independent valuation"],
    ] as const
  ).map(([field, label]): MoneyCase => ({
    form: "edit a property's facts",
    field,
    persona: "admin",
    path: () => `/admin/properties/${world.market.propertyId}/edit`,
    routeId: "routes/admin.properties.$propertyId.edit",
    body: (amount) => propertyFields({ [field]: amount }),
    multipart: true,
    over: ["100000000000000", "1e5", ...HUGE],
    status: 400,
    message: `${label} must be a valid number`,
  })),
  ...(
    [
      ["rentEscalationPercent", "Rent escalation"],
      ["expectedRentalYield", "Expected rental yield"],
      ["expectedAppreciation", "Expected appreciation"],
      ["managementFeePercent", "Management fee"],
      ["performanceFeePercent", "Performance fee"],
      ["exitFeePercent", "Exit fee"],
    ] as const
  ).map(([field, label]): MoneyCase => ({
    form: "edit a property's facts",
    field,
    persona: "admin",
    path: () => `/admin/properties/${world.market.propertyId}/edit`,
    routeId: "routes/admin.properties.$propertyId.edit",
    body: (percent) => propertyFields({ [field]: percent }),
    multipart: true,
    over: ["100.01", "1e2", "-3", ...HUGE],
    status: 400,
    message: `${label} must be a valid number`,
  })),
  {
    form: "edit a property",
    field: "expectedAnnualReturn",
    persona: "admin",
    path: () => `/admin/properties/${world.market.propertyId}/edit`,
    routeId: "routes/admin.properties.$propertyId.edit",
    body: (roi) => propertyFields({ expectedAnnualReturn: roi }),
    multipart: true,
    over: ["100.01", "1e5"],
    status: 400,
    message: "Expected annual return must be a valid number",
  },
];

function post(money: MoneyCase, amount: string): Request {
  const cookie = world[money.persona].cookie;
  // Single fetch's data request: the action's own status and data (its messages as text), no page around them.
  const url = `${money.path()}.data`;
  if (!money.multipart) return formPost(url, cookie, money.body(amount));
  const form = new FormData();
  for (const [name, value] of Object.entries(money.body(amount))) form.append(name, value);
  return formPost(url, cookie, form);
}

describe("every amount field is bounded", () => {
  it.each(CASES.flatMap((money) => money.over.map((amount) => [money.form, money.field, amount, money] as const)))(
    "%s: %s = %j is refused with the field's message, and nothing is written",
    async (_form, _field, amount, money) => {
      const before = await snapshot();
      const response = await handle(post(money, amount));
      const text = await response.text();
      expect(response.status, `${response.headers.get("content-type")} ${text.slice(0, 300)}`).toBe(money.status);
      // The message is the field's, not an error page's.
      expect(text).toContain(money.message);
      expect(text).not.toMatch(/Unexpected Server Error|PrismaClient|numeric field overflow/);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("each investor's requests stay within the per-day limit, whatever each one asks", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "0" });
    await prisma.userProfile.update({ where: { id: investor.id }, data: { tier: "small_investor" } });
    const cookie = await sessionCookieFor(investor.id);
    const ask = (amount: string) => handle(formPost("/dashboard/wallet.data", cookie, { intent: "add-funds", amount, priority: "medium" }));
    // Accepted: single fetch's answer to a redirect.
    expect((await ask("1,00,00,000")).status).toBe(202);
    expect((await ask("99,99,000")).status).toBe(202);
    const before = await snapshot();
    const third = await ask("1,000.01");
    expect(third.status).toBe(400);
    expect(await third.text()).toContain("You can request up to ₹2,00,00,000 a day; ₹1,000 is left for today");
    expect(await snapshot()).toEqual(before);
    expect(await prisma.supportTicket.count({ where: { userId: investor.id } })).toBe(2);
  });

  it("covers every amount field the pages render (inputmode=decimal)", async () => {
    const pages: [MoneyCase["persona"], string][] = [
      ["investor", "/dashboard/wallet?request=add-funds"],
      ["investor", "/dashboard/wallet?request=withdraw"],
      ["investor", `/trading?property=${world.market.propertyId}`],
      ["investor", `/dashboard/p/${world.market.propertyId}`],
      ["investor", `/invest/${world.invest.propertyId}`],
      ["admin", `/admin/support?ticket=${world.ticketId}`],
      ["admin", `/admin/properties/${world.market.propertyId}/distributions`],
      ["admin", `/admin/properties/${world.market.propertyId}/edit`],
      ["admin", "/admin/properties/new"],
    ];
    const covered = new Set(CASES.map((money) => money.field));
    const found = new Set<string>();
    for (const [persona, path] of pages) {
      const response = await handle(pageRequest(path, world[persona].cookie));
      expect(response.status, path).toBe(200);
      const html = await response.text();
      for (const tag of html.matchAll(/<input\b[^>]*>/g)) {
        if (!/inputmode="decimal"/i.test(tag[0])) continue;
        const name = /\bname="([^"]+)"/.exec(tag[0])?.[1];
        if (name) found.add(name);
      }
    }
    // The pages do render amount fields: the crawl itself works.
    expect([...found]).toEqual(expect.arrayContaining(["amount", "pricePerShare", "receivedAmount", "sharePrice"]));
    expect([...found].filter((name) => !covered.has(name))).toEqual([]);
  });
});

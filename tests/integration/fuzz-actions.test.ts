import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { razorpayStandIn } from "../../app/services/payments/razorpay-stand-in.server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createBuyerHold } from "../../app/domain/market/buyer-holds.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { requestDeposit, requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { ROUTE_TABLE } from "../../app/lib/route-table";
import { reloadEnv } from "../../app/services/env.server";
import { createInvestor, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Every action of every route, posted generated bad input by every kind of
 * visitor, through the production build's request handler on a real database. Each answer
 * must be a 4xx or a redirect, never a 5xx or a stack trace; when the request was refused,
 * no row of the money and user tables may have changed; afterwards the ledger reconciles.
 *
 * The request handler is called directly, without the Express guards in front of it (415
 * for a JSON body, 413 for a big one, the same-origin check), so the app itself is shown to
 * cope with what those guards would normally stop.
 *
 * FUZZ_RUNS sets the runs per route and persona (default 6); the figures are printed.
 */

const db = useTestDatabase();
const ORIGIN = "http://localhost:3000";
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 160016);

type Persona = "anonymous" | "investor" | "waitlist" | "admin";
const PERSONAS: Persona[] = ["anonymous", "investor", "waitlist", "admin"];

/** The money and people tables whose rows a refused request must leave alone. */
const WATCHED_TABLES = [
  "user_profiles",
  "escrow_balances",
  "ledger_accounts",
  "ledger_journals",
  "ledger_postings",
  "transactions",
  "investments",
  "user_property_positions",
  "share_sell_requests",
  "share_buyer_holds",
  "share_reservations",
  "support_tickets",
  "kyc_documents",
  "kyc_drafts",
  "properties",
  "property_documents",
  "property_images",
  "watchlist",
  "user_alerts",
  // The gateway's and the bank's (issue 27): orders, the webhook inbox, quarantined payments,
  // bank accounts, payouts, the payout account's funding, Premium, statements, reconciliation.
  "payment_orders",
  "payment_webhook_events",
  "payment_exceptions",
  "bank_accounts",
  "payouts",
  "payout_fundings",
  "premium_prices",
  "subscriptions",
  "bank_statement_imports",
  "bank_statement_lines",
  "reconciliation_runs",
  "reconciliation_differences",
  "gateway_settlements",
  "money_approvals",
];

let handle: (request: Request) => Promise<Response>;
let build: ServerBuild;
const userIds = new Map<Persona, string>();
const foreignIds: string[] = [];
type ActionRoute = { pattern: string; fields: string[]; intents: string[]; forms: [string, string][][]; guardedForAdmins: boolean };
let actionRoutes: ActionRoute[] = [];
const figures = { requests: 0, refused: 0, redirects: 0, byStatus: new Map<number, number>() };

/** The pattern the build registered for a route id, parents included. */
function routePattern(id: string): string {
  const parts: string[] = [];
  let route = build.routes[id];
  while (route) {
    if (route.path) parts.unshift(route.path);
    route = route.parentId ? build.routes[route.parentId] : undefined;
  }
  return `/${parts.join("/")}`.replace(/\/+$/, "") || "/";
}

async function snapshot(): Promise<string> {
  const columns = WATCHED_TABLES.map(
    (table) =>
      `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM "${table}" t) AS "${table}"`,
  ).join(",\n");
  const rows = await db.current.prisma.$queryRawUnsafe<Record<string, string>[]>(`SELECT ${columns}`);
  return JSON.stringify(rows[0]);
}

function changedTables(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, string>;
  const b = JSON.parse(after) as Record<string, string>;
  return WATCHED_TABLES.filter((table) => a[table] !== b[table]);
}

const cookies = new Map<Persona, string>();
async function signInAgain(persona: Persona) {
  const userId = userIds.get(persona);
  if (userId) cookies.set(persona, await createSession(db.current.prisma, userId));
}

// Paying online is on, against the Razorpay stand-in as its own server, so the Pay Online form,
// the checkout return and the webhook are fuzzed with the rest (ADR 0061).
const gatewayKeys = { keyId: "rzp_test_fuzz", keySecret: "fuzz-key-secret", webhookSecret: "fuzz-webhook-secret" };
let gatewayServer: Server | undefined;
const GATEWAY_ENV = ["PAYMENTS_PROVIDER", "RAZORPAY_BASE_URL", "RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"];

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "fuzz-actions-session-secret-0123456789abcdef";
  process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED = "false";
  const standIn = razorpayStandIn(gatewayKeys);
  gatewayServer = createServer((req, res) => void standIn(req, res).catch(() => res.end()));
  gatewayServer.listen(0, "127.0.0.1");
  await once(gatewayServer, "listening");
  const address = gatewayServer.address();
  Object.assign(process.env, {
    PAYMENTS_PROVIDER: "razorpay",
    RAZORPAY_BASE_URL: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    RAZORPAY_KEY_ID: gatewayKeys.keyId,
    RAZORPAY_KEY_SECRET: gatewayKeys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gatewayKeys.webhookSecret,
  });
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "fuzz" });

  const prisma = db.current.prisma;
  // The personas: an investor with holdings and money, a funded waitlist player, an admin.
  const { property, seller } = await createMarket(prisma, { sellerShares: 30 });
  await prisma.userProfile.update({ where: { id: seller.id }, data: { tier: "small_investor" } });
  userIds.set("investor", seller.id);
  const waitlist = await createInvestor(prisma, { balance: "500000" });
  userIds.set("waitlist", waitlist.id);
  const admin = await createUser(prisma, { email: "fuzz-admin@fuzz.example.in", isAdmin: true });
  userIds.set("admin", admin.id);
  // Someone else's objects, whose ids the fuzz offers every persona: an order, a hold, a withdrawal request.
  const victim = await createMarket(prisma, { sellerShares: 25 });
  // Their idempotency keys too: a key someone else already used must not replay or reveal their request.
  const victimKeys = [newIdempotencyKey(), newIdempotencyKey()];
  const order = await createSellRequest(prisma, {
    sellerId: victim.seller.id,
    propertyId: victim.property.id,
    shares: 5,
    pricePerShare: "120",
    idempotencyKey: victimKeys[0]!,
  });
  const buyer = await createInvestor(prisma, { balance: "100000" });
  const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: 2, idempotencyKey: victimKeys[1]! });
  const withdrawal = await requestWithdrawal(prisma, {
    userId: victim.seller.id,
    amount: "1000",
    description: "victim withdrawal",
    priority: "medium",
    opsRecipients: [],
  });
  depositTicketId = (await requestDeposit(prisma, { userId: seller.id, amount: "25000", opsRecipients: [] })).ticketId;
  foreignIds.push(
    victim.seller.id,
    buyer.id,
    victim.property.id,
    property.id,
    order.orderId,
    hold.holdId,
    withdrawal.ticketId,
    ...victimKeys,
  );
  for (const persona of PERSONAS) await signInAgain(persona);

  // Every route module with an action, and the field names its pages' forms use.
  const patterns = new Set<string>();
  for (const [id, route] of Object.entries(build.routes)) {
    if (route.module.action && !id.includes("e2e-probe")) patterns.add(routePattern(id));
  }
  for (const entry of ROUTE_TABLE) if (entry.hasAction) expect(patterns, `${entry.pattern} has an action`).toContain(entry.pattern);
  actionRoutes = [];
  for (const pattern of [...patterns].sort()) {
    const concrete = concretePath(pattern, victim.property.id);
    const names = new Set<string>(COMMON_FIELDS);
    const intents = new Set<string>(COMMON_INTENTS);
    const forms: [string, string][][] = [];
    for (const [persona, query] of (["investor", "waitlist", "admin"] as const).flatMap((p) =>
      ["", ...(FORM_OPENING_QUERIES[pattern]?.() ?? [])].map((q) => [p, q] as const),
    )) {
      const page = await handle(new Request(`${ORIGIN}${concrete}${query}`, { headers: { Cookie: cookies.get(persona)! } }));
      const html = await page.text();
      for (const match of html.matchAll(/\bname="([^"]{1,60})"/g)) names.add(match[1]!);
      for (const match of html.matchAll(/name="intent"[^>]*value="([^"]{1,60})"|value="([^"]{1,60})"[^>]*name="intent"/g)) {
        intents.add((match[1] ?? match[2])!);
      }
      forms.push(...postForms(html));
    }
    actionRoutes.push({ pattern, fields: [...names], intents: [...intents], forms, guardedForAdmins: pattern.startsWith("/admin") });
  }
}, 120_000);

afterAll(() => {
  delete process.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED;
  for (const name of GATEWAY_ENV) delete process.env[name];
  gatewayServer?.close();
  const statuses = [...figures.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `fuzz: ${actionRoutes.length} routes with an action × ${PERSONAS.length} personas × ${RUNS} runs = ${figures.requests} requests; ` +
      `${actionRoutes.reduce((n, r) => n + r.forms.length, 0)} rendered forms spoilt; statuses ${statuses.join(" ")}`,
  );
});

/** The queries that open a page's dialogs (the amount forms among them), so their forms are fuzzed too. */
const FORM_OPENING_QUERIES: Record<string, () => string[]> = {
  "/dashboard/wallet": () => ["?request=add-funds", "?request=withdraw", "?request=pay-online"],
  "/waitlist-dashboard/wallet": () => ["?request=add-funds", "?request=withdraw", "?request=pay-online"],
  "/trading": () => [`?property=${foreignIds[3]}`, `?property=${foreignIds[2]}`],
  "/admin/support": () => [`?ticket=${foreignIds[6]}`, `?ticket=${depositTicketId}`],
};
let depositTicketId = "";

function concretePath(pattern: string, propertyId: string): string {
  return pattern.replace(/:propertyId/g, propertyId).replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
}

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The fields each post form of a page would send as rendered (hidden keys and ids included),
 * so the fuzz can start from a form that gets past the first checks and spoil one part of it.
 */
function postForms(html: string): [string, string][][] {
  const forms: [string, string][][] = [];
  for (const form of html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    const inner = form[1]!;
    const fields: [string, string][] = [];
    for (const tag of inner.matchAll(/<(input|button|select|textarea)\b([^>]*)>/gi)) {
      const attributes = tag[2]!;
      const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
      if (!name) continue;
      const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? "";
      if (type === "file") continue;
      const value = unescape(/\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? (type === "checkbox" ? "on" : "1"));
      fields.push([name, value]);
    }
    if (fields.length > 0) forms.push(fields);
  }
  return forms;
}

const COMMON_FIELDS = [
  "intent",
  "amount",
  "shares",
  "pricePerShare",
  "price",
  "propertyId",
  "orderId",
  "holdId",
  "reservationId",
  "ticketId",
  "userId",
  "documentId",
  "idempotencyKey",
  "description",
  "priority",
  "notes",
  "tier",
  "status",
  "receivedAmount",
  "adminResponse",
  "returnTo",
  "redirectTo",
  "step",
  "email",
  "roi",
  "enabled",
  "confirmation",
  "acknowledgeRisk",
  "alertId",
  "subject",
  "type",
  "exceptionId",
  "eventId",
  "lineId",
  "utr",
  "fundedOn",
  "day",
  "months",
  "razorpay_payment_id",
  "razorpay_order_id",
  "razorpay_signature",
];
const COMMON_INTENTS = [
  "add-funds",
  "withdraw",
  "buy",
  "sell",
  "purchase",
  "review",
  "calculate",
  "cancel-order",
  "cancel-hold",
  "cancel-reservation",
  "buyer-confirm",
  "seller-confirm",
  "settle",
  "cleanup",
  "save",
  "delete",
  "set-tier",
  "auto-calc",
  "make-admin",
  "remove-admin",
  "activate-sub",
  "deactivate-sub",
  "end-sessions",
  "approve",
  "reject",
  "toggle-selling",
  "set-roi",
  "upload-document",
  "delete-document",
  "request-upgrade",
  "next",
  "previous",
  "log-event",
  "pay-online",
  "pay-premium",
  "set-price",
  "replay",
  "refund",
  "credit",
  "reconcile",
  "fund",
  "import",
];

/**
 * The rupee inputs of ADR 0056: what the one parser
 * reads, and what it refuses. Each is typed into every amount field of every rendered form.
 */
const RUPEE_INPUTS: [string, "read" | "refused"][] = [
  ["1,00,000", "read"],
  ["₹1,00,000", "read"],
  ["100000.50", "read"],
  ["1e5", "refused"],
  ["-3", "refused"],
  ["NaN", "refused"],
  ["100000.505", "refused"],
  ["9,99,99,99,99,999", "refused"],
  ["12345678901234567890", "refused"],
  ["5000050000100000", "refused"],
];

/** The fields that carry an amount or a quantity, in any form of the app. */
const MONEY_FIELDS = new Set([
  "amount",
  "receivedAmount",
  "pricePerShare",
  "shares",
  "reviewedTotal",
  "totalValue",
  "sharePrice",
  "fundingGoal",
  "minimumInvestment",
  "maximumInvestment",
  "expectedAnnualReturn",
  "roi",
  "price",
]);

/** Values no form should accept as they are: wrong types, extremes, odd digits and bytes. */
const badValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...BAD_CONSTANTS) },
    { weight: 2, arbitrary: fc.constantFrom(...foreignIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  );
const BAD_CONSTANTS = [
  "",
  " ",
  "x".repeat(20_000),
  "-1",
  "-0",
  "0",
  "0.5",
  "-0.01",
  "1.000000001",
  "1e308",
  "-1e308",
  "1e-308",
  "9".repeat(60),
  "NaN",
  "Infinity",
  "-Infinity",
  "١٢٣",
  "१२",
  "１２",
  "๑๒๓",
  "12\u0000",
  "\u0000",
  "1\u00002",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "[object Object]",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "//evil.example/",
  "https://evil.example/",
  "\u202e\u0000\ud800",
  "0x10",
  "1_000",
  "1,00,000",
  "₹500",
  "00000000-0000-0000-0000-000000000000",
  ...RUPEE_INPUTS.map(([text]) => text),
];

type Body = { kind: "form" | "json" | "multipart" | "text" | "empty"; pairs: [string, string][] };

function bodyArbitrary({ fields, intents, forms }: ActionRoute): fc.Arbitrary<Body> {
  const generated = generatedBody(fields, intents);
  if (forms.length === 0) return generated;
  // A form as the page renders it, with one or two of its values spoilt, one dropped or one duplicated.
  const spoilt = fc
    .record({
      form: fc.constantFrom(...forms),
      spoil: fc.array(fc.tuple(fc.nat(), badValue()), { minLength: 1, maxLength: 2 }),
      drop: fc.option(fc.nat(), { nil: undefined }),
      duplicate: fc.option(fc.tuple(fc.nat(), badValue()), { nil: undefined }),
      kind: fc.constantFrom<Body["kind"]>("form", "form", "form", "multipart", "json"),
    })
    .map(({ form, spoil, drop, duplicate, kind }) => {
      const pairs = form.map(([name, value]) => [name, value] as [string, string]);
      for (const [index, value] of spoil) pairs[index % pairs.length]![1] = value;
      if (duplicate) pairs.push([pairs[duplicate[0] % pairs.length]![0], duplicate[1]]);
      if (drop !== undefined && pairs.length > 1) pairs.splice(drop % pairs.length, 1);
      return { kind, pairs };
    });
  return fc.oneof({ weight: 2, arbitrary: spoilt }, { weight: 1, arbitrary: generated });
}

function generatedBody(fields: string[], intents: string[]): fc.Arbitrary<Body> {
  const pair = fc.tuple(fc.constantFrom(...fields), badValue());
  const intentPair = fc.tuple(fc.constant("intent"), fc.oneof(fc.constantFrom(...intents), badValue()));
  const pairs = fc
    .tuple(fc.array(intentPair, { minLength: 0, maxLength: 2 }), fc.array(pair, { minLength: 0, maxLength: 8 }), fc.boolean())
    .map(([intent, rest, duplicate]) => {
      const all: [string, string][] = [...intent, ...rest];
      // Duplicated fields: the same name twice with different values.
      if (duplicate && all.length > 0) all.push([all[0]![0], all[all.length - 1]![1]]);
      return all;
    });
  return fc.record({
    kind: fc.constantFrom<Body["kind"]>("form", "form", "form", "json", "multipart", "text", "empty"),
    pairs,
  });
}

function toRequest(pathname: string, cookie: string | undefined, body: Body): Request {
  const headers = new Headers({ Origin: ORIGIN, Host: "localhost:3000" });
  if (cookie) headers.set("Cookie", cookie);
  let payload: BodyInit | undefined;
  switch (body.kind) {
    case "form":
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      payload = new URLSearchParams(body.pairs).toString();
      break;
    case "json":
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(Object.fromEntries(body.pairs.map(([k, v]) => [k, /^-?\d+$/.test(v) ? Number(v) : v])));
      break;
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of body.pairs) form.append(name, value);
      payload = form;
      break;
    }
    case "text":
      headers.set("Content-Type", "text/plain");
      payload = body.pairs.map(([k, v]) => `${k}=${v}`).join("\n");
      break;
    case "empty":
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      payload = "";
      break;
  }
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: payload, redirect: "manual" });
}

// A stack, a Prisma message, or Remix's answer to an error it did not expect (whatever its status).
const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\bPrismaClient\w*Error\b|Invalid `prisma\.|Unexpected Server Error/;

describe("every action under generated bad input", () => {
  it.each(PERSONAS)(
    "as %s: 4xx or a redirect, no stack trace, no rows changed when refused",
    async (persona) => {
      const failures: string[] = [];
      for (const route of actionRoutes) {
        const pathnames = fc.constantFrom(concretePath(route.pattern, foreignIds[2]!), route.pattern.replace(/:[A-Za-z]+/g, "%00%C0"));
        await fc.assert(
          fc.asyncProperty(pathnames, bodyArbitrary(route), async (pathname, body) => {
            if (!cookies.has(persona) && persona !== "anonymous") await signInAgain(persona);
            const before = await snapshot();
            const response = await handle(toRequest(pathname, cookies.get(persona), body));
            const text = await response.text();
            const after = await snapshot();
            figures.requests += 1;
            figures.byStatus.set(response.status, (figures.byStatus.get(response.status) ?? 0) + 1);
            const what = `${persona} POST ${pathname} ${body.kind} ${JSON.stringify(body.pairs).slice(0, 300)}`;
            if (
              response.status >= 500 ||
              response.status < 300 ||
              (response.status >= 300 && response.status < 400 && !response.headers.get("Location"))
            ) {
              failures.push(`${response.status} for ${what}: ${text.slice(0, 200)}`);
            }
            if (STACK_TRACE.test(text)) failures.push(`stack trace in the body for ${what}`);
            // Refused: every 4xx; every request of a visitor with no right to the route at all.
            const refused = response.status >= 400 || persona === "anonymous" || (route.guardedForAdmins && persona !== "admin");
            if (refused) {
              figures.refused += 1;
              const changed = changedTables(before, after);
              if (changed.length > 0) failures.push(`${response.status} changed ${changed.join(", ")} for ${what}`);
            }
            // The admin may have signed itself out (end-sessions on its own id); sign in again.
            const userId = userIds.get(persona);
            if (userId && (await db.current.prisma.session.count({ where: { userId } })) === 0) await signInAgain(persona);
            return true;
          }),
          { numRuns: RUNS, seed: SEED + PERSONAS.indexOf(persona), endOnFailure: true },
        );
      }
      expect(failures.slice(0, 20)).toEqual([]);
    },
    300_000,
  );

  it.each(PERSONAS)(
    "as %s: every rupee input in every amount field of every rendered form: 4xx or a redirect, no stack trace, refused writes nothing",
    async (persona) => {
      const failures: string[] = [];
      const moneyForms = actionRoutes.flatMap((route) =>
        route.forms.filter((form) => form.some(([name]) => MONEY_FIELDS.has(name))).map((form) => ({ route, form })),
      );
      expect(moneyForms.length).toBeGreaterThan(0);
      let posted = 0;
      for (const { route, form } of moneyForms) {
        for (const [field] of form.filter(([name]) => MONEY_FIELDS.has(name))) {
          for (const [input, kind] of RUPEE_INPUTS) {
            if (!cookies.has(persona) && persona !== "anonymous") await signInAgain(persona);
            const pairs = form.map(([name, value]) => [name, name === field ? input : value] as [string, string]);
            const pathname = concretePath(route.pattern, foreignIds[2]!);
            const before = await snapshot();
            const response = await handle(toRequest(pathname, cookies.get(persona), { kind: "form", pairs }));
            const text = await response.text();
            const after = await snapshot();
            posted += 1;
            const what = `${persona} POST ${pathname} ${field}=${JSON.stringify(input)} (${kind})`;
            if (response.status >= 500 || response.status < 300) failures.push(`${response.status} for ${what}: ${text.slice(0, 200)}`);
            if (STACK_TRACE.test(text)) failures.push(`stack trace in the body for ${what}`);
            const changed = changedTables(before, after);
            if (response.status >= 400 && changed.length > 0) failures.push(`${response.status} changed ${changed.join(", ")} for ${what}`);
            const userId = userIds.get(persona);
            if (userId && (await db.current.prisma.session.count({ where: { userId } })) === 0) await signInAgain(persona);
          }
        }
      }
      console.log(`fuzz (rupee inputs) as ${persona}: ${moneyForms.length} amount forms, ${posted} posts`);
      expect(failures.slice(0, 20)).toEqual([]);
    },
    300_000,
  );

  it("leaves a ledger that reconciles", async () => {
    expect(await checkLedger(db.current.prisma)).toEqual([]);
    const negative = await db.current.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM escrow_balances WHERE available_balance < 0 OR held_balance < 0`;
    expect(Number(negative[0]!.n)).toBe(0);
  });
});

/** NUL, the other C0 controls, DEL and C1: what no form field may carry (tabs and line breaks may). */
const CONTROL_VALUES = [
  "\u0000",
  "12\u0000",
  "key\u0000",
  "\u0001",
  "a\u0008b",
  "\u000b",
  "\u000c",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "x\u009f",
];

describe("control characters in /watchlist and the market forms", () => {
  const MARKET_AND_WATCHLIST = ["/watchlist", "/trading", "/dashboard/p/:propertyId"];

  it("answers 400 to a control character in any field a signed-in investor sends, changing nothing", async () => {
    const failures: string[] = [];
    for (const route of actionRoutes.filter((candidate) => MARKET_AND_WATCHLIST.includes(candidate.pattern))) {
      const pathname = concretePath(route.pattern, foreignIds[2]!);
      const forms = route.forms.length > 0 ? route.forms : [[["intent", "save"] as [string, string]]];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...forms),
          fc.nat(),
          fc.constantFrom(...CONTROL_VALUES),
          fc.constantFrom<Body["kind"]>("form", "multipart"),
          async (form, at, value, kind) => {
            const pairs = form.map(([name, original]) => [name, original] as [string, string]);
            pairs[at % pairs.length]![1] = value;
            const before = await snapshot();
            const response = await handle(toRequest(pathname, cookies.get("investor"), { kind, pairs }));
            const text = await response.text();
            const changed = changedTables(before, await snapshot());
            if (response.status !== 400 || changed.length > 0) {
              failures.push(
                `${response.status} (changed: ${changed.join(", ")}) for POST ${pathname} ${kind} ${JSON.stringify(pairs)}: ${text.slice(0, 120)}`,
              );
            }
            return true;
          },
        ),
        { numRuns: Math.max(RUNS, 12), seed: SEED, endOnFailure: true },
      );
      if (!cookies.has("investor")) await signInAgain("investor");
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it("covers every form field of those pages", () => {
    const covered = actionRoutes.filter((route) => MARKET_AND_WATCHLIST.includes(route.pattern)).map((route) => route.pattern);
    expect(covered.sort()).toEqual([...MARKET_AND_WATCHLIST].sort());
  });
});

describe("control characters in the catalogue's query", () => {
  let app: AppProcess;
  // The app process runs in production, whose session cookie has its own name.
  let investorCookie = "";
  beforeAll(async () => {
    app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", SESSION_SECRET: process.env.SESSION_SECRET });
    investorCookie = await createSession(db.current.prisma, userIds.get("investor")!, { production: true });
  }, 90_000);
  afterAll(async () => {
    await app?.stop();
  });

  const PARAMS = ["city", "type", "price", "roi", "ticket", "sort", "page", "search", "q"];
  // Every byte percent-encoded from UTF-8, as a browser sends it: a lone surrogate (which
  // encodeURIComponent refuses to encode) goes out as U+FFFD's bytes instead of failing the test.
  const encode = (text: string) => [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

  it("answers 400 to a control character in any parameter, signed out or in, over HTTP", async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PARAMS),
        fc.constantFrom(...CONTROL_VALUES, "\t", "\r\n", "Pune\n"),
        fc.constantFrom<Persona>("anonymous", "investor"),
        async (name, value, persona) => {
          const cookie = persona === "anonymous" ? undefined : investorCookie;
          const response = await fetch(`${app.baseUrl}/properties?${name}=${encode(value)}`, { headers: cookie ? { Cookie: cookie } : {} });
          await response.text();
          if (response.status !== 400) failures.push(`${response.status} for ${persona} ?${name}=${JSON.stringify(value)}`);
          return true;
        },
      ),
      { numRuns: 40, seed: SEED, endOnFailure: true },
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it("answers any other generated query with a page, never a 5xx", async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PARAMS), badValue(), async (name, value) => {
        const response = await fetch(`${app.baseUrl}/properties?${name}=${encode(value)}`);
        const text = await response.text();
        if (response.status >= 500 || STACK_TRACE.test(text))
          failures.push(`${response.status} for ?${name}=${JSON.stringify(value).slice(0, 80)}`);
        return true;
      }),
      { numRuns: 40, seed: SEED, endOnFailure: true },
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });
});

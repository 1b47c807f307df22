import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createMarket } from "../../app/domain/market/market-test-helpers";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { listPathBuilders } from "../../app/lib/paths";
import { ROUTE_TABLE } from "../../app/lib/route-table";
import { reloadEnv } from "../../app/services/env.server";
import { createInvestor, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * No state change on GET (docs/security.md). Every address the app has (the route table,
 * the sign-in plumbing, the resource routes), and its `.data` request, read by every kind of
 * visitor, changes no row of the money, people and market tables, and ends no session.
 * (Reads do record analytics events, a profile's last activity and push a session's idle
 * expiry; those are left out on purpose.)
 */

const db = useTestDatabase();
const ORIGIN = "http://localhost:3000";
type Persona = "anonymous" | "explorer" | "investor" | "waitlist" | "admin";
const PERSONAS: Persona[] = ["anonymous", "explorer", "investor", "waitlist", "admin"];
const WATCHED = [
  "user_profiles",
  "escrow_balances",
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
  "watchlist",
  "user_alerts",
  "admin_audit_log",
];

let handle: (request: Request) => Promise<Response>;
const cookies = new Map<Persona, string>();
const ids: Record<string, string> = {};

async function snapshot(): Promise<Record<string, string>> {
  // A read stamps the reader's last activity (analytics); every other column must stay.
  const row = (table: string) => (table === "user_profiles" ? `(to_jsonb(t) - 'last_activity_at' - 'updated_at')::text` : "t::text");
  const columns = WATCHED.map(
    (table) =>
      `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(${row(table)}, '|' ORDER BY ${row(table)})), '') FROM "${table}" t) AS "${table}"`,
  );
  columns.push(`(SELECT count(*)::text FROM sessions) AS sessions`);
  const rows = await db.current.prisma.$queryRawUnsafe<Record<string, string>[]>(`SELECT ${columns.join(", ")}`);
  return rows[0]!;
}

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "get-is-safe-session-secret-0123456789abcdef";
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "get" });

  const prisma = db.current.prisma;
  const { property, seller } = await createMarket(prisma, { sellerShares: 10 });
  await prisma.userProfile.update({ where: { id: seller.id }, data: { tier: "small_investor" } });
  const order = await createSellRequest(prisma, {
    sellerId: seller.id,
    propertyId: property.id,
    shares: 2,
    pricePerShare: "110",
    idempotencyKey: newIdempotencyKey(),
  });
  const withdrawal = await requestWithdrawal(prisma, { userId: seller.id, amount: "1000", priority: "low", opsRecipients: [] });
  const transaction = await prisma.transaction.findFirstOrThrow({ where: { userId: seller.id } });
  Object.assign(ids, {
    propertyId: property.id,
    userId: seller.id,
    transactionId: transaction.id,
    orderId: order.orderId,
    ticketId: withdrawal.ticketId,
  });
  const users: Record<Exclude<Persona, "anonymous">, string> = {
    explorer: (await createUser(prisma)).id,
    investor: seller.id,
    waitlist: (await createInvestor(prisma, { balance: "1000" })).id,
    admin: (await createUser(prisma, { isAdmin: true })).id,
  };
  for (const [persona, userId] of Object.entries(users)) cookies.set(persona as Persona, await createSession(prisma, userId));
}, 120_000);

function concrete(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? ids.propertyId!);
}

describe("GET changes nothing", () => {
  it.each(PERSONAS)(
    "for %s, on every address and its data request",
    async (persona) => {
      const patterns = new Set([...ROUTE_TABLE.map((entry) => entry.pattern), ...listPathBuilders().map((builder) => builder.pattern)]);
      const changed: string[] = [];
      let requests = 0;
      for (const pattern of patterns) {
        if (pattern === "/events") continue; // an endless event stream; it only reads
        const pathname = concrete(pattern);
        const urls = [
          pathname,
          `${pathname === "/" ? "/_root" : pathname}.data`,
          `${pathname}?intent=withdraw&amount=100&userId=${ids.userId}`,
        ];
        const before = await snapshot();
        for (const url of urls) {
          const headers = new Headers();
          const cookie = cookies.get(persona);
          if (cookie) headers.set("Cookie", cookie);
          const response = await handle(new Request(`${ORIGIN}${url}`, { headers, redirect: "manual" }));
          await response.arrayBuffer();
          requests += 1;
          expect(response.status, `GET ${url} as ${persona}`).toBeLessThan(500);
        }
        const after = await snapshot();
        const differences = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (differences.length > 0) changed.push(`GET ${urls.join(" | ")} as ${persona} changed ${differences.join(", ")}`);
      }
      expect(requests).toBeGreaterThan(100);
      expect(changed).toEqual([]);
    },
    120_000,
  );
});

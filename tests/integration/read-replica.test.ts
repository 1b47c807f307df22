import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { disconnectReplica } from "../../app/services/db-read.server";
import { reloadEnv } from "../../app/services/env.server";
import { metricsText } from "../../app/services/metrics.server";
import { createInvestor, createProperty, fundWallet } from "#tests/setup/factories";
import { createTestDatabase, dropTestDatabase, useTestDatabase } from "#tests/setup/test-database";
import { withDatabase as withDatabaseUrl } from "#tests/setup/global-database";
import { appClient, formPost, pageRequest } from "#tests/kit/http";
import { startAppProcess } from "#tests/setup/app-process";
import { loadRequestHandler, sessionCookieFor } from "#tests/kit/production-build";
import { reviewedTotal } from "#tests/setup/reviewed-total";

/**
 * DATABASE_READ_URL (ADR 0079), through the production build on real databases. The "replica"
 * is a copy of the primary taken after the investor and the property exist, then poisoned:
 * its property has another title and its wallet ten lakh rupees more. A page that shows the
 * poisoned title read the replica; a money page that shows the poisoned balance, or a session
 * made after the copy that is not found, would mean a money or session read went there.
 */

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;
let replicaName: string;
let replica: PrismaClient;
let investorId: string;
let propertyId: string;

const PRIMARY_TITLE = "Shillong Primary Court";
const POISONED_TITLE = "Shillong Poisoned Copy";

/** The counter's value in the process's metrics (0 when never counted). */
function metric(name: string, label: string): number {
  const line = metricsText()
    .split("\n")
    .find((row) => row.startsWith(`${name}{${label}}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** Copies the primary as it is now into a new database: PostgreSQL wants no one else connected to the template. */
async function copyPrimary(): Promise<string> {
  const scratch = await createTestDatabase();
  await dropTestDatabase(scratch.name);
  const admin = new pg.Client({ connectionString: scratch.adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
      db.current.name,
    ]);
    await admin.query(`CREATE DATABASE ${scratch.name} TEMPLATE ${db.current.name}`);
  } finally {
    await admin.end();
  }
  return scratch.name;
}

beforeAll(async () => {
  const investor = await createInvestor(db.current.prisma, { balance: "12345" });
  investorId = investor.id;
  const property = await createProperty(db.current.prisma, {
    title: PRIMARY_TITLE,
    city: "Shillong",
    sharePrice: "1000",
    totalShares: 10_000,
  });
  propertyId = property.id;
  replicaName = await copyPrimary();
  replica = createPrismaClient(withDatabaseUrl(db.current.url, replicaName));
  await replica.property.update({ where: { id: propertyId }, data: { title: POISONED_TITLE } });
  await fundWallet(replica, investorId, "1000000");

  process.env.DATABASE_URL = db.current.url;
  process.env.DATABASE_READ_URL = withDatabaseUrl(db.current.url, replicaName);
  process.env.SESSION_SECRET = "read-replica-session-secret-0123456789abcdef";
  reloadEnv();
  handle = await loadRequestHandler();
});

afterAll(async () => {
  await disconnectReplica();
  await replica?.$disconnect();
  if (replicaName) await dropTestDatabase(replicaName);
});

const visibleText = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const page = async (path: string, cookie?: string) => {
  const response = await handle(pageRequest(path, cookie));
  expect(response.status).toBe(200);
  return response.text();
};

describe("reads that go to the replica", () => {
  it("serves the public catalogue to a signed-out visitor from the replica, and counts it", async () => {
    const before = metric("aangan_replica_reads_total", 'purpose="catalogue"');
    const html = await page("/properties?city=Shillong");
    expect(html).toContain(POISONED_TITLE);
    expect(html).not.toContain(PRIMARY_TITLE);
    expect(metric("aangan_replica_reads_total", 'purpose="catalogue"')).toBe(before + 1);
  });
});

describe("reads that never go to the replica", () => {
  it("a signed-in investor's catalogue, wallet and purchase read the primary, and the session made after the copy is found", async () => {
    // Made after the copy: only the primary knows this session.
    const cookie = await sessionCookieFor(investorId);
    const catalogue = await page("/properties?city=Shillong", cookie);
    expect(catalogue).toContain(PRIMARY_TITLE);
    expect(catalogue).not.toContain(POISONED_TITLE);

    const wallet = await page("/waitlist-dashboard/wallet", cookie);
    expect(visibleText(wallet)).toContain("Available balance ₹12,345 ");
    expect(wallet).not.toContain("10,12,345");

    // ₹12,000 of shares: within the primary's balance, far within the replica's. The purchase and its receipt are the primary's.
    const bought = await handle(
      formPost(`/invest/${propertyId}`, cookie, {
        propertyId,
        shares: "12",
        idempotencyKey: randomUUID(),
        intent: "purchase",
        acknowledgeRisk: "on",
        reviewedTotal: reviewedTotal("12", "1000"),
      }),
    );
    expect(bought.status).toBe(302);
    expect(await db.current.prisma.investment.count({ where: { userId: investorId } })).toBe(1);
    expect(await replica.investment.count({ where: { userId: investorId } })).toBe(0);
    // A first purchase makes them an investor, whose wallet lives under /dashboard.
    const after = await page("/dashboard/wallet", cookie);
    // ₹12,345 less ₹12,000 of shares and the ₹240 platform fee.
    expect(visibleText(after)).toContain("Available balance ₹105 ");
    expect(after).not.toContain("10,00,105");

    // The invest page's own figures (wallet, position) are the primary's too.
    const invest = await page(`/invest/${propertyId}`, cookie);
    expect(invest).toContain(PRIMARY_TITLE);
    expect(invest).not.toContain(POISONED_TITLE);
  });
});

describe("a replica that fails", () => {
  it("is skipped for the primary, with a count of why", async () => {
    // A port nobody listens on: the replica is down.
    const closed = new URL(withDatabaseUrl(db.current.url, replicaName));
    closed.port = "1";
    process.env.DATABASE_READ_URL = closed.toString();
    reloadEnv();
    const before = metric("aangan_replica_skipped_total", 'reason="unreachable"');
    const html = await page("/properties?city=Shillong");
    expect(html).toContain(PRIMARY_TITLE);
    expect(html).not.toContain(POISONED_TITLE);
    expect(metric("aangan_replica_skipped_total", 'reason="unreachable"')).toBeGreaterThan(before);
  });
});

describe("behind server.ts", () => {
  it("pins a client to the primary for a few seconds after its form post, and counts replica reads on /metrics", async () => {
    const app = await startAppProcess({
      DATABASE_URL: db.current.url,
      DATABASE_READ_URL: withDatabaseUrl(db.current.url, replicaName),
      SEED_DEMO_DATA: "false",
      PAGE_CACHE_TTL_MS: "0",
    });
    try {
      const client = appClient(() => app);
      expect(await (await client.get("/properties?city=Shillong")).text()).toContain(POISONED_TITLE);
      // Any form post, even a signed-out sign-out, marks the client as one that has just written.
      const posted = await client.post("/auth/sign-out", null);
      const wrote = posted.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-aangan_wrote="));
      expect(wrote).toMatch(/Max-Age=7; Path=\/; HttpOnly; SameSite=Lax; Secure/);
      const pinned = await (await client.get("/properties?city=Shillong", wrote!.split(";")[0])).text();
      expect(pinned).toContain(PRIMARY_TITLE);
      expect(pinned).not.toContain(POISONED_TITLE);
      const metrics = await (await fetch(`${app.baseUrl}/metrics`)).text();
      expect(metrics).toContain('aangan_replica_reads_total{purpose="catalogue"} 1\n');
    } finally {
      await app.stop();
    }
  });
});

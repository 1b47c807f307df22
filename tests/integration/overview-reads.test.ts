import { describe, expect, it } from "vitest";
import { createInvestor, createProperty, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { sessionCookieFor } from "#tests/kit/production-build";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { reading, useCountedApp } from "./support/counted-app";

/**
 * The overview's figures (the chart and cash flows, the holdings' trades and their valuations)
 * are read in one round trip: the valuations by the investor's holdings, in the statement that
 * reads their trades, not by a list of ids sent after the trades came back. Counted on the wire
 * between a real server.ts process and PostgreSQL.
 */

const db = useTestDatabase();
const SESSION_SECRET = "overview-reads-session-secret-0123456789ab";
const counted = useCountedApp(() => db.current.url, SESSION_SECRET);

describe("the overview's reads", () => {
  it("reads the trades, the chart and the holdings' valuations in one statement, with no list of property ids", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    for (const title of ["Read Court", "Read Plaza"]) {
      const property = await createProperty(prisma, { title, sharePrice: "1000" });
      await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    }
    const cookie = await sessionCookieFor(investor.id);
    const load = async () => {
      const response = await fetch(`${counted.app.baseUrl}/dashboard/overview`, {
        // Another cookie beside the session's: rendered in full each time, never the kept page.
        headers: { Cookie: `${cookie}; x=bypass` },
        redirect: "manual",
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    // The first answer tells each read's columns; from the second on, the reads started together go as one statement.
    const first = await load();
    expect(first).toContain("₹4,080");
    counted.counter.reset();
    expect(await load()).toContain("₹4,080");

    const statements = counted.counter.statements();
    const figures = statements.filter(reading("investor_property_trades"));
    expect(figures).toHaveLength(1);
    expect(figures[0]).toMatch(/FROM property_valuations/);
    expect(figures[0]).toMatch(/FROM investor_daily_flows/);
    expect(statements.filter((sql) => /\bp\.id = ANY \(\$\d+::text\[\]\)/.test(sql))).toEqual([]);
  });
});

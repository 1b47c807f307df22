import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { sessionCookieFor } from "#tests/kit/production-build";
import { reading, useCountedApp } from "./support/counted-app";

/**
 * The invest page, the page buyers load during a launch, reads only what its HTML needs
 * (ADR 0026): each table once, the market's figures in one statement, and no query for the
 * titles of rows that are not there. Counted on the wire between a real server.ts process and
 * PostgreSQL.
 */

const db = useTestDatabase();
const SESSION_SECRET = "invest-page-reads-session-secret-0123456789";
const counted = useCountedApp(() => db.current.url, SESSION_SECRET);

describe("the invest page's reads", () => {
  it("reads the documents and the wallet once, the property's and the market's figures in one statement each, and no titles of nothing", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, { kycStatus: "approved", tier: "small_investor", subscriptionActive: true, balance: "5000" });
    const property = await createProperty(prisma, { title: "Counted Towers", status: "open" });
    await prisma.propertyDocument.create({
      data: {
        propertyId: property.id,
        documentType: "property_deed",
        documentName: "Counted deed",
        storageKey: "k/counted",
        fileSize: 10,
        mimeType: "application/pdf",
        isPublic: true,
      },
    });
    await prisma.watchlistEntry.create({ data: { userId: user.id, propertyId: property.id } });
    const cookie = await sessionCookieFor(user.id);

    counted.counter.reset();
    const response = await fetch(`${counted.app.baseUrl}/invest/${property.id}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Counted Towers");
    expect(html).toContain("Counted deed");
    expect(html).toContain("₹5,000");
    // The watchlist mark comes with the property's row: the page offers to remove it.
    expect(html).toContain(": remove Counted Towers from your watchlist");

    const statements = counted.counter.statements();
    expect(statements.filter(reading("property_documents"))).toHaveLength(1);
    expect(statements.filter(reading("escrow_balances"))).toHaveLength(1);
    // The property's row and its figures (raised, investors, the viewer's wallet and holding) in
    // one statement, sent before everything else the page reads: no separate read of the row.
    expect(statements.filter(reading("user_property_positions"))).toHaveLength(1);
    expect(statements.filter(reading("user_property_positions"))[0]).toMatch(/FROM properties p\s+LEFT JOIN user_property_positions/);
    expect(statements.filter((sql) => /FROM "public"\."properties"/.test(sql))).toEqual([]);
    // Every read a view sends is a prepared statement, none through Prisma's pipeline (which
    // selects "public"."table"."column"), whose CPU per read is several times pg's (ADR 0026).
    expect(statements.filter((sql) => /SELECT "public"\."\w+"\."/.test(sql))).toEqual([]);
    // Nor through Prisma's raw queries, which arrive unnamed (or, once repeated, named prisma_…):
    // every statement is one of the app's own prepared ones. The order book, the value story and
    // the investor's own buy orders went through Prisma until the ninth pass of issue 32.
    const names = counted.counter.names();
    const notOurs = names.map((name, i) => (name === "" || name.startsWith("prisma_") ? statements[i]!.trim().slice(0, 80) : null));
    expect(notOurs.filter(Boolean)).toEqual([]);
    // A property with no sale on record sends no read of exits, and the watchlist is not read apart:
    // the property's own statement says whether either is there.
    const apart = statements.filter((sql) => !/FROM properties p\s+LEFT JOIN user_property_positions/.test(sql));
    expect(apart.filter(reading("property_exits"))).toEqual([]);
    expect(apart.filter(reading("watchlist"))).toEqual([]);
    // Four reads of transactions, one statement each: the market's figures (last trade, volume,
    // history), the rent paid on the property without a declaration (ADR 0046: every payout
    // counts in the property's distribution history), the rent this investor received, and
    // every settled resale price for the NAV chart, whose newest is the valuation rule's (ADR 0069).
    const transactionReads = statements.filter(reading("transactions"));
    expect(transactionReads).toHaveLength(4);
    expect(transactionReads.filter((sql) => /WITH trades AS/i.test(sql))).toHaveLength(1);
    expect(transactionReads.filter((sql) => /NOT EXISTS \(SELECT 1 FROM property_distributions/i.test(sql))).toHaveLength(1);
    expect(transactionReads.filter((sql) => /t\.user_id = \$1::uuid AND t\.property_id = \$2/.test(sql))).toHaveLength(1);
    expect(statements.filter(reading("property_valuations"))).toHaveLength(1);
    expect(statements.filter((sql) => /\bIN\s*\(\s*NULL\s*\)/i.test(sql))).toEqual([]);
    // An empty list asked about is no query (Prisma sends "WHERE 1=0" for one).
    expect(statements.filter((sql) => /\bWHERE 1=0\b/i.test(sql))).toEqual([]);
    // The NAV section's property figures, valuations, resales and paid distributions: one statement (issue 32).
    expect(statements.filter(reading("property_valuations"))[0]).toMatch(/FROM transactions[\s\S]*FROM property_distributions/i);
    // Every read of the page, the rate limiter's and the session's included: 21 before issue 32,
    // 17 before the property's row joined its figures, the watchlist mark and the exit's gate.
    expect(statements.length).toBeLessThanOrEqual(14);

    // Once each read's columns are known (its first answer, above), the reads the page's loaders
    // start together go as one statement (ADR 0105), and the page says exactly what it said.
    counted.counter.reset();
    const again = await fetch(`${counted.app.baseUrl}/invest/${property.id}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(again.status).toBe(200);
    expect(comparable(await again.text())).toBe(comparable(html));
    const second = counted.counter.statements();
    const together = second.filter((sql) => /^SELECT \(SELECT coalesce\(json_agg/.test(sql));
    expect(together).toHaveLength(2);
    // The bell's count (the root loader) with the property's own row (the page's first read).
    expect(reading("user_alerts")(together[0]!)).toBe(true);
    expect(together[0]).toMatch(/FROM properties p\s+LEFT JOIN user_property_positions/);
    // Then what waited on the property's answer: the documents, the order book, the market's
    // figures, both distribution lists, the updates and the value story, each a subquery of one
    // statement and sent nowhere else.
    for (const table of [
      "property_documents",
      "share_sell_requests",
      "property_distributions",
      "property_updates",
      "property_valuations",
    ]) {
      expect(second.filter(reading(table)), table).toHaveLength(1);
      expect(reading(table)(together[1]!), table).toBe(true);
    }
    expect(second.filter(reading("transactions"))).toHaveLength(1);
    // With the rate limiter's and the session's: four round trips where the first request made fourteen.
    expect(second).toHaveLength(4);
    expect(statements).toHaveLength(14);
  });
});

// The page with what differs on every render left out: the nonce, the form's fresh idempotency
// key and the build's per-request ids.
function comparable(html: string): string {
  return html.replace(/nonce="[^"]*"/g, "nonce").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "uuid");
}

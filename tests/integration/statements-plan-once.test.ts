import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, preparedQuery, readTogether, type PrismaClient } from "../../app/services/db.server";
import { getBellSummary } from "../../app/domain/alerts/list-alerts.server";
import { listInvestedPropertiesPage } from "../../app/domain/portfolio/invested-properties.server";
import { getPortfolioOverview } from "../../app/domain/portfolio/portfolio-overview.server";
import { listTransactions } from "../../app/domain/transactions/transaction-history.server";
import { valuationPrices } from "../../app/domain/figures/valuation.server";
import { getPropertyForInvestment } from "../../app/domain/properties/get-property-for-investment.server";
import { getMarketData } from "../../app/domain/market/market-data.server";
import { catalogueCities, listCatalogue } from "../../app/domain/properties/list-catalogue.server";
import { parseCatalogueFilters } from "../../app/domain/properties/catalogue-filters";
import { getOrderBook, listOwnBuyOrders } from "../../app/domain/market/order-book.server";
import { getPropertyValueStory } from "../../app/domain/valuations/property-valuations.server";
import { readBuyFacts } from "../../app/domain/market/market-calls.server";
import { settleReservation } from "../../app/domain/market/settle-trades.server";
import { withDatabase } from "#tests/setup/global-database";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * The statements every signed-in page sends (the bell, the sidebar) and the main pages' own
 * reads are planned once per connection, not on every request. PostgreSQL plans a prepared
 * statement for its parameters five times, then keeps one generic plan only if that plan looks
 * no dearer than the custom ones did. A LIMIT or a list of types passed as a parameter makes the
 * generic plan look dearer for an investor whose rows dominate a table (the large investor whose
 * pages are benched), so those statements were planned again on every request: 0.3–0.9 ms of
 * PostgreSQL's CPU each, more than running most of them. Constants are now written into the
 * statements. Seeded like the bench: one investor with most of the rows.
 */
const db = useTestDatabase();
const PURCHASES = 3000;
const PROPERTIES = 1000;
const HELD = 600;
let prisma: PrismaClient;
let investorId: string;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: db.current.url });
  await admin.connect();
  try {
    await admin.query(
      `INSERT INTO properties (id, title, city, property_type, property_status, total_value, share_price, total_shares,
                               available_shares, minimum_investment, expected_annual_return, funding_goal, created_at)
       SELECT 'once-' || g, 'Once property ' || g, 'Pune', (enum_range(NULL::property_type))[1 + g % 8], 'open',
              10000000, 10000, 1000, 1000, 10000, 8, 10000000, now() - make_interval(mins => g)
         FROM generate_series(1, $1::int) AS g`,
      [PROPERTIES],
    );
    const { rows } = await admin.query<{ user_id: string }>(
      `INSERT INTO user_profiles (email, trial_expires_at, tier, subscription_active, kyc_status)
       VALUES ('once-large@example.in', now() + interval '14 days', 'large_investor', true, 'approved'),
              ('once-small@example.in', now() + interval '14 days', 'explorer', false, 'approved')
       RETURNING user_id::text`,
    );
    investorId = rows[0]!.user_id;
    await admin.query(
      `INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, price_per_share, created_at)
       SELECT $1::uuid, 'once-' || (1 + (g * 7) % $3::int), 'investment', 'completed', 10000, 200, 1, 10000,
              now() - make_interval(hours => g * 3)
         FROM generate_series(1, $2::int) AS g`,
      [investorId, PURCHASES, HELD],
    );
    await admin.query(
      `INSERT INTO user_property_positions (user_id, property_id, shares, cost_basis, avg_price)
       SELECT user_id, property_id, sum(shares), sum(amount), 10000 FROM transactions WHERE user_id = $1::uuid GROUP BY 1, 2`,
      [investorId],
    );
    await admin.query("VACUUM ANALYZE");
  } finally {
    await admin.end();
  }
  // One connection, so the statements and pg_prepared_statements are that one session's; named
  // statements as the app sends them outside a transaction-mode pooler (ADR 0079).
  prisma = createPrismaClient(withDatabase(db.current.adminUrl, db.current.name), { max: 1, namedStatements: true });
});

afterAll(async () => {
  await prisma?.$disconnect();
});

const PLAN_COUNTS = {
  name: "read_plan_counts",
  text: "SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements",
};

async function planCounts(): Promise<Map<string, { generic: number; custom: number }>> {
  const rows = await preparedQuery<{ name: string; generic_plans: number; custom_plans: number }>(prisma, PLAN_COUNTS, []);
  return new Map(rows.map((row) => [row.name, { generic: row.generic_plans, custom: row.custom_plans }]));
}

describe("the hot statements are planned once per connection", () => {
  it("keeps one generic plan for the frame's, the history's, the overview's, the invest page's, the catalogue's and the market's reads", async () => {
    const propertyIds = Array.from({ length: HELD }, (_, i) => `once-${i + 1}`);
    const REQUESTS = 9;
    for (let request = 0; request < REQUESTS; request++) {
      await getBellSummary(prisma, investorId);
      await listInvestedPropertiesPage(prisma, investorId);
      await listTransactions(prisma, { userId: investorId, filter: "all", page: 1 + (request % 3) });
      await getPortfolioOverview(prisma, investorId);
      await valuationPrices(prisma, propertyIds);
      await valuationPrices(prisma, [propertyIds[request]!]);
      await getPropertyForInvestment(prisma, `once-${request + 1}`, { userId: investorId, isAdmin: false });
      await getMarketData(prisma, `once-${request + 1}`);
      await getPropertyValueStory(prisma, `once-${request + 1}`);
      await getOrderBook(prisma, `once-${request + 1}`);
      await listOwnBuyOrders(prisma, investorId, `once-${request + 1}`);
      // The catalogue with no filter, a filter and a sort, as a visitor pages through it.
      const query = ["", "type=commercial&sort=return", "city=Pune&sort=funded"][request % 3]!;
      await listCatalogue(prisma, { ...parseCatalogueFilters(new URLSearchParams(query)), page: 1 + (request % 2) });
      await catalogueCities(prisma);
      // A hold's and a Buy Now's first read, and an admin's settlement's (of a reservation that is not there).
      const listing = "00000000-0000-4000-8000-00000000000" + (request % 10);
      await readBuyFacts(prisma, { buyerId: investorId, orderId: listing }, { kind: "hold", key: `once-key-${request}` }, new Date());
      await readBuyFacts(prisma, { buyerId: investorId, orderId: listing }, { kind: "buy-order", key: `once-key-${request}` }, new Date());
      await expect(settleReservation(prisma, { adminId: investorId, reservationId: listing })).rejects.toMatchObject({
        code: "reservationNotFound",
      });
    }
    const counts = await planCounts();
    const hot = [...counts.keys()].filter((name) => name !== PLAN_COUNTS.name).sort();
    // Each of them ran REQUESTS times; after its five custom plans, every further run used the one generic plan.
    expect(hot.length).toBeGreaterThanOrEqual(12);
    // The value story, the order book and the own buy orders are prepared statements of ours now,
    // not Prisma's raw queries (which it names prisma_…, ADR 0086).
    expect(hot).toEqual(
      expect.arrayContaining([
        "read_value_story",
        "read_order_book",
        "read_own_buy_orders_of_property",
        "read_catalogue_page::::::newest",
        "read_catalogue_cities",
        "read_buy_facts:hold",
        "read_buy_facts:buy-order",
        "read_settlement_facts",
      ]),
    );
    expect(hot.filter((name) => name.startsWith("prisma_"))).toEqual([]);
    const replanned = hot.filter((name) => counts.get(name)!.custom > 5).map((name) => `${name}: ${JSON.stringify(counts.get(name))}`);
    expect(replanned).toEqual([]);
  });
});

describe("reads sent together (ADR 0105)", () => {
  it("are planned once as one statement, as each was alone", async () => {
    const REQUESTS = 9;
    for (let request = 0; request < REQUESTS; request++) {
      const propertyId = `once-${request + 1}`;
      await readTogether(prisma, () =>
        Promise.all([
          getBellSummary(prisma, investorId),
          getMarketData(prisma, propertyId),
          getPropertyValueStory(prisma, propertyId),
          getOrderBook(prisma, propertyId),
          listOwnBuyOrders(prisma, investorId, propertyId),
        ]),
      );
    }
    const counts = await planCounts();
    const together = [...counts.entries()].filter(([name]) => name.startsWith("batch_"));
    // The first request learns each read's columns (each alone); every later one sends them as one.
    // The first request learns each read's columns (each alone); every later one sends the reads
    // of each turn as one statement (these reads take two turns: some wait on an answer).
    expect(together.length).toBeGreaterThanOrEqual(1);
    for (const [name, plans] of together) {
      expect(plans.generic + plans.custom, name).toBe(REQUESTS - 1);
      expect(plans.custom, name).toBeLessThanOrEqual(5);
    }
  });
});

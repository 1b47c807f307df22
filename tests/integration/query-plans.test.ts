import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { listCatalogue, catalogueCities } from "../../app/domain/properties/list-catalogue.server";
import { parseCatalogueFilters } from "../../app/domain/properties/catalogue-filters";
import { getPortfolioOverview, READ_OVERVIEW } from "../../app/domain/portfolio/portfolio-overview.server";
import { listAvailableShares } from "../../app/domain/market/market-reads.server";
import { getMarketData } from "../../app/domain/market/market-data.server";
import { listAllInvestments } from "../../app/domain/admin/list-investments.server";
import { getAdminOverview } from "../../app/domain/admin/dashboard/admin-overview.server";
import { readPlatformTotals } from "../../app/domain/admin/dashboard/platform-totals.server";
import { listTicketPage } from "../../app/domain/support/list-tickets.server";
import { listTransactions } from "../../app/domain/transactions/transaction-history.server";
import { listUsers, readUserListFilters } from "../../app/domain/admin/users/list-users.server";
import { listInvestedPropertiesPage } from "../../app/domain/portfolio/invested-properties.server";
import { useTestDatabase } from "#tests/setup/test-database";
import { startStatementCounter, type StatementCounter } from "./support/statement-counter";

/**
 * With 100,000 rows in each of the tables that grow with use (transactions, investments,
 * marketplace listings), the queries behind the catalogue, the dashboard overview, the
 * marketplace, the invest page's market data and the admin investments list never read a large table from end to end.
 * The statements are the ones the app really sends (caught on the wire), planned by
 * PostgreSQL with their parameters unknown (EXPLAIN (GENERIC_PLAN)), as a prepared
 * statement would be. A statement without any WHERE (a whole-table statistic, such as the
 * admin page's totals) reads everything by definition and is not judged here.
 */
const db = useTestDatabase();
const ROWS = 100_000;
const LARGE = 10_000;
let counter: StatementCounter;
let prisma: PrismaClient;
let admin: pg.Client;
let investorId: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: db.current.url });
  await admin.connect();
  await admin.query(`
    INSERT INTO properties (id, title, city, property_type, property_status, total_value, share_price, total_shares,
                            available_shares, minimum_investment, expected_annual_return, funding_goal, created_at)
    SELECT 'plan-' || g, 'Plan property ' || g, (ARRAY['Mumbai','Pune','Bengaluru','Chennai'])[1 + g % 4],
           (enum_range(NULL::property_type))[1 + g % 8],
           (ARRAY['open','open','funded','upcoming','closed','draft']::property_status[])[1 + g % 6],
           1000000, 10000, 1000, 1000, 10000, 8, 1000000, now() - make_interval(mins => g)
      FROM generate_series(1, 1000) AS g`);
  await admin.query(`
    INSERT INTO user_profiles (email, trial_expires_at, tier, subscription_active, kyc_status)
    SELECT 'plan-' || g || '@example.in', now() + interval '14 days', 'large_investor', true, 'approved'
      FROM generate_series(1, 2000) AS g`);
  await admin.query(
    `WITH users AS (SELECT array_agg(user_id) AS ids FROM user_profiles WHERE email LIKE 'plan-%'),
     tx AS (
       INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, price_per_share, created_at)
       SELECT users.ids[1 + g % 2000], 'plan-' || (1 + g % 1000), 'investment', 'completed', 10000, 200, 1, 10000,
              now() - make_interval(mins => g)
         FROM generate_series(1, $1::int) AS g, users
       RETURNING id, user_id, property_id, created_at)
     INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment, investment_date, transaction_id)
     SELECT user_id, property_id, 1, 10000, 10000, created_at, id FROM tx`,
    [ROWS],
  );
  await admin.query(
    `WITH users AS (SELECT array_agg(user_id) AS ids FROM user_profiles WHERE email LIKE 'plan-%')
     INSERT INTO share_sell_requests (seller_id, property_id, shares_to_sell, remaining_shares, price_per_share, total_amount,
                                      status, expires_at, created_at)
     SELECT users.ids[1 + g % 2000], 'plan-' || (1 + g % 1000), 5, CASE WHEN g % 50 = 0 THEN 5 ELSE 0 END, 10000 + g % 500, 50000,
            CASE WHEN g % 50 = 0 THEN 'active' ELSE 'completed' END::sell_request_status,
            now() + interval '30 days', now() - make_interval(mins => g)
       FROM generate_series(1, $1::int) AS g, users`,
    [ROWS],
  );
  await admin.query(
    `WITH users AS (SELECT array_agg(user_id) AS ids FROM user_profiles WHERE email LIKE 'plan-%')
     INSERT INTO support_tickets (user_id, ticket_type, subject, created_at)
     SELECT users.ids[1 + g % 2000], 'general', 'Question ' || g, now() - make_interval(mins => g / 3)
       FROM generate_series(1, 20000) AS g, users`,
  );
  // Fifty holdings for each investor (100,000 positions): the dashboard sidebar's read.
  await admin.query(
    `INSERT INTO user_property_positions (user_id, property_id, shares, avg_price, cost_basis)
     SELECT u.user_id, 'plan-' || (1 + (u.n * 7 + g) % 1000), 1 + g % 3, 10000, 10000
       FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) AS n FROM user_profiles WHERE email LIKE 'plan-%') u,
            generate_series(1, 50) AS g`,
  );
  await admin.query("VACUUM ANALYZE");
  investorId = (await admin.query<{ user_id: string }>(`SELECT user_id::text FROM user_profiles WHERE email = 'plan-7@example.in'`))
    .rows[0]!.user_id;
  counter = await startStatementCounter(db.current.url);
  prisma = createPrismaClient(counter.url);
}, 240_000);

afterAll(async () => {
  await prisma?.$disconnect();
  await counter?.close();
  await admin?.end();
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode): string[] {
  const here = node["Node Type"] === "Seq Scan" && node["Relation Name"] ? [node["Relation Name"]] : [];
  return [...here, ...(node.Plans ?? []).flatMap(seqScans)];
}

async function largeTables(): Promise<Set<string>> {
  const { rows } = await admin.query<{ relname: string }>(
    `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples >= $1`,
    [LARGE],
  );
  return new Set(rows.map((row) => row.relname));
}

/**
 * Runs `work` through the counter and returns every full read of a large table its statements
 * would do; with `everyStatement`, statements without a WHERE (whole-table statistics) are
 * judged too.
 */
async function fullReadsOfLargeTables(work: () => Promise<unknown>, { everyStatement = false } = {}): Promise<string[]> {
  counter.reset();
  await work();
  const statements = counter
    .statements()
    .filter((sql) => /^\s*(SELECT|WITH)\b/i.test(sql))
    .filter((sql) => everyStatement || /\bWHERE\b/i.test(sql.replace(/\bWHERE 1=1\b/gi, "")));
  expect(statements.length).toBeGreaterThan(0);
  const large = await largeTables();
  const problems: string[] = [];
  for (const sql of statements) {
    const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${sql}`);
    for (const table of seqScans(rows[0]!["QUERY PLAN"][0].Plan)) {
      if (large.has(table)) problems.push(`Seq Scan on ${table}: ${sql.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  }
  return problems;
}

type IndexedPlanNode = PlanNode & { "Index Name"?: string };

function indexesIn(node: IndexedPlanNode): string[] {
  const here = node["Index Name"] ? [node["Index Name"]] : [];
  return [...here, ...((node.Plans ?? []) as IndexedPlanNode[]).flatMap(indexesIn)];
}

/** Every index the statements of `work` would read, as PostgreSQL plans them. */
async function indexesUsed(work: () => Promise<unknown>): Promise<Set<string>> {
  counter.reset();
  await work();
  const used = new Set<string>();
  for (const sql of counter.statements().filter((text) => /^\s*(SELECT|WITH)\b/i.test(text))) {
    const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: IndexedPlanNode }] }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${sql}`);
    for (const name of indexesIn(rows[0]!["QUERY PLAN"][0].Plan)) used.add(name);
  }
  return used;
}

/** Every table the statements of `work` would read, as PostgreSQL plans them. */
async function relationsRead(work: () => Promise<unknown>): Promise<Set<string>> {
  counter.reset();
  await work();
  const read = new Set<string>();
  for (const sql of counter.statements().filter((text) => /^\s*(SELECT|WITH)\b/i.test(text))) {
    for (const relation of await relationsPlanned(sql)) read.add(relation);
  }
  return read;
}

/** Every table one statement would read, as PostgreSQL plans it with its parameters unknown. */
async function relationsPlanned(sql: string): Promise<Set<string>> {
  const read = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node["Relation Name"]) read.add(node["Relation Name"]);
    for (const child of node.Plans ?? []) walk(child);
  };
  const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${sql}`);
  walk(rows[0]!["QUERY PLAN"][0].Plan);
  return read;
}

type SeekingPlanNode = IndexedPlanNode & { "Index Cond"?: string };

function seeksIn(node: SeekingPlanNode): string[] {
  const here = node["Index Name"] && node["Index Cond"] ? [`${node["Index Name"]}: ${node["Index Cond"]}`] : [];
  return [...here, ...((node.Plans ?? []) as SeekingPlanNode[]).flatMap(seeksIn)];
}

/** Every index scan of `work`'s statements that starts from a condition (a seek), as "index: condition". */
async function indexSeeks(work: () => Promise<unknown>): Promise<string[]> {
  counter.reset();
  await work();
  const seeks: string[] = [];
  for (const sql of counter.statements().filter((text) => /^\s*(SELECT|WITH)\b/i.test(text))) {
    const { rows } = await admin.query<{ "QUERY PLAN": [{ Plan: SeekingPlanNode }] }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${sql}`);
    seeks.push(...seeksIn(rows[0]!["QUERY PLAN"][0].Plan));
  }
  return seeks;
}

describe("query plans with 100,000 rows", () => {
  it("has large tables to judge", async () => {
    const large = await largeTables();
    for (const table of ["transactions", "investments", "share_sell_requests", "support_tickets"]) expect(large.has(table)).toBe(true);
  });

  it("the catalogue reads no large table in full", async () => {
    expect(
      await fullReadsOfLargeTables(() =>
        Promise.all([listCatalogue(prisma, parseCatalogueFilters(new URLSearchParams())), catalogueCities(prisma)]),
      ),
    ).toEqual([]);
  });

  it("the dashboard overview reads no large table in full", async () => {
    expect(await fullReadsOfLargeTables(() => getPortfolioOverview(prisma, investorId))).toEqual([]);
  });

  it("the overview counts holdings by type from the positions alone, not every holding joined to properties", async () => {
    const { distribution } = await getPortfolioOverview(prisma, investorId);
    expect(distribution.residential + distribution.commercial + distribution.mixed).toBe(50);
    // Its chart-and-distribution statement on its own: the page sends it batched with the valuations, which do read properties.
    expect(await relationsPlanned(READ_OVERVIEW.text)).toEqual(new Set(["user_property_positions", "investor_daily_flows"]));
  });

  it("the marketplace reads no large table in full", async () => {
    expect(await fullReadsOfLargeTables(() => listAvailableShares(prisma))).toEqual([]);
    expect(await fullReadsOfLargeTables(() => listAvailableShares(prisma, { propertyId: "plan-50" }))).toEqual([]);
  });

  it("the invest page's market data reads no large table in full", async () => {
    expect(await fullReadsOfLargeTables(() => getMarketData(prisma, "plan-50"))).toEqual([]);
  });

  it("the market data reaches a property's resales through the (property, type, time) index, not every transaction of the property", async () => {
    expect(await indexesUsed(() => getMarketData(prisma, "plan-50"))).toContain("transactions_property_id_transaction_type_created_at_idx");
  });

  it("the admin overview's and the investments page's totals read the counters, not every investment (issue 37)", async () => {
    expect(await fullReadsOfLargeTables(() => getAdminOverview(prisma), { everyStatement: true })).toEqual([]);
    expect(await fullReadsOfLargeTables(() => listAllInvestments(prisma, { search: "", page: 1 }), { everyStatement: true })).toEqual([]);
    const totals = await readPlatformTotals(prisma);
    expect([totals.investments, totals.investors]).toEqual([ROWS, 2000]);
  });

  it("the support desk pages 20,000 tickets from the (created_at, id) index", async () => {
    const first = await listTicketPage(prisma, {}, null);
    expect(first.rows).toHaveLength(100);
    expect(await fullReadsOfLargeTables(() => listTicketPage(prisma, {}, { after: first.older! }))).toEqual([]);
    expect(await indexesUsed(() => listTicketPage(prisma, {}, null))).toContain("support_tickets_created_at_id_idx");
  });

  it("the admin investments list reads no large table in full", async () => {
    expect(await fullReadsOfLargeTables(() => listAllInvestments(prisma, { search: "", page: 3 }))).toEqual([]);
  });

  it("the admin investments list reads a deep page from its cursor and a search through the investors and properties it matches", async () => {
    const first = await listAllInvestments(prisma, { search: "", page: 1 });
    const second = await listAllInvestments(prisma, { search: "", page: 2, direction: { after: first.cursors.next! } });
    expect(second.rows).toHaveLength(25);
    expect(second.rows[0]!.id).not.toBe(first.rows[24]!.id);
    expect(new Date(second.rows[0]!.investmentDate).getTime()).toBeLessThanOrEqual(new Date(first.rows[24]!.investmentDate).getTime());
    // The cursor's page is the page OFFSET would give, and back again from it is page one.
    expect(second.rows.map((r) => r.id)).toEqual((await listAllInvestments(prisma, { search: "", page: 2 })).rows.map((r) => r.id));
    const back = await listAllInvestments(prisma, { search: "", page: 1, direction: { before: second.cursors.previous! } });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const deep = second.cursors.next!;
    expect(await fullReadsOfLargeTables(() => listAllInvestments(prisma, { search: "", page: 3, direction: { after: deep } }))).toEqual([]);
    // The page starts at the cursor's date in the sort index, rather than walking the index from
    // its newest row and filtering out every row before the cursor.
    for (const direction of [{ after: deep }, { before: deep }]) {
      expect(await indexSeeks(() => listAllInvestments(prisma, { search: "", page: 3, direction }))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^investments_investment_date_id_idx: \(investment_date [<>]= /)]),
      );
    }
    expect(await fullReadsOfLargeTables(() => listAllInvestments(prisma, { search: "plan-7@", page: 1 }))).toEqual([]);
    const found = await listAllInvestments(prisma, { search: "plan-7@", page: 1 });
    expect(found.total).toBe(await prisma.investment.count({ where: { user: { email: { contains: "plan-7@" } } } }));
    expect(found.total).toBeGreaterThan(0);
  });

  it("the transactions history reads one investor's page from their (user, time) indexes, filtered or not", async () => {
    const pages = () =>
      Promise.all([
        listTransactions(prisma, { userId: investorId, filter: "all", page: 2 }),
        listTransactions(prisma, { userId: investorId, filter: "investment", page: 1 }),
      ]);
    expect(await fullReadsOfLargeTables(pages)).toEqual([]);
    const seeks = await indexSeeks(pages);
    expect(seeks).toEqual(expect.arrayContaining([expect.stringMatching(/^transactions_user_id_created_at_idx: \(user_id = /)]));
    expect(seeks).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^transactions_user_id_transaction_type_created_at_idx: \(\(user_id = .* AND \(transaction_type = /),
      ]),
    );
    const [all] = await pages();
    expect(all).toMatchObject({ page: 2, total: ROWS / 2000 });
  });

  it("the dashboard sidebar takes an investor's first holdings by title from the positions' own index, not every holding joined to properties", async () => {
    const sidebar = await listInvestedPropertiesPage(prisma, investorId);
    expect(sidebar.total).toBe(50);
    expect(sidebar.properties).toHaveLength(12);
    expect(await indexesUsed(() => listInvestedPropertiesPage(prisma, investorId))).toContain("user_property_positions_by_title_idx");
    expect(await relationsRead(() => listInvestedPropertiesPage(prisma, investorId))).not.toContain("properties");
  });

  it("the admin users list reads a deep page from its cursor in the (created_at, user_id) index", async () => {
    const first = await listUsers(prisma, readUserListFilters(new URLSearchParams()));
    const cursor = first.cursors.next!;
    for (const direction of [{ after: cursor }, { before: cursor }]) {
      expect(await indexSeeks(() => listUsers(prisma, { ...readUserListFilters(new URLSearchParams()), page: 2, direction }))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^user_profiles_created_at_user_id_idx: \(created_at [<>]=? /)]),
      );
    }
  });

  it("would catch a full read (the check can fail)", async () => {
    expect(await fullReadsOfLargeTables(() => prisma.$queryRaw`SELECT count(*) FROM transactions WHERE fee + 0 = 200`)).toEqual([
      expect.stringContaining("Seq Scan on transactions"),
    ]);
  });
});

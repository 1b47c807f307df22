import pg from "pg";
import { Decimal } from "~/lib/money";
import { describe, expect, it } from "vitest";
import { cancelPurchase } from "~/domain/investing/cancel-purchase.server";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { createProperty, createUser, newIdempotencyKey } from "../../../../tests/setup/factories";
import { useTestDatabase } from "../../../../tests/setup/test-database";
import { getAdminOverview } from "./admin-overview.server";
import { compactPlatformCounters, readPlatformTotals } from "./platform-totals.server";
import { listAllInvestments } from "../list-investments.server";
import { listCatalogue } from "~/domain/properties/list-catalogue.server";

const db = useTestDatabase();
const prisma = () => db.current.prisma;

/** The totals as the admin pages computed them before the counters: a pass over every row. */
async function recountInFull() {
  const [row] = await prisma().$queryRaw<
    { investments: bigint; invested: string; investors: bigint; users: bigint; subscribed: bigint }[]
  >`SELECT (SELECT count(*) FROM investments) AS investments,
           (SELECT coalesce(sum(total_investment), 0)::numeric(20,2)::text FROM investments) AS invested,
           (SELECT count(DISTINCT user_id) FROM investments) AS investors,
           (SELECT count(*) FROM user_profiles) AS users,
           (SELECT count(*) FROM user_profiles WHERE subscription_active) AS subscribed`;
  return {
    investments: Number(row!.investments),
    invested: row!.invested,
    investors: Number(row!.investors),
    users: Number(row!.users),
    usersSubscribed: Number(row!.subscribed),
  };
}

/** Every counter, and every property's raised, against the same sums made afresh from the rows. */
async function countersMatchRecount() {
  const kept = await prisma().$queryRaw<{ metric: string; value: string }[]>`
    SELECT metric, sum(value)::text AS value FROM platform_counters GROUP BY metric HAVING sum(value) <> 0 ORDER BY metric`;
  const recounted = await prisma().$queryRaw<{ metric: string; value: string }[]>`
    SELECT metric, value::numeric(20,2)::text AS value FROM platform_counters_recount() ORDER BY metric`;
  expect(kept).toEqual(recounted);
  const raised = await prisma().$queryRaw<{ property_id: string; raised: string }[]>`
    SELECT property_id, sum(raised)::text AS raised FROM property_raised GROUP BY property_id HAVING sum(raised) <> 0 ORDER BY property_id`;
  const summed = await prisma().$queryRaw<{ property_id: string; raised: string }[]>`
    SELECT property_id, sum(total_investment)::numeric(20,2)::text AS raised FROM investments WHERE investment_status = 'confirmed'
     GROUP BY property_id HAVING sum(total_investment) <> 0 ORDER BY property_id`;
  expect(raised).toEqual(summed);
}

async function expectExact() {
  await countersMatchRecount();
  expect(await readPlatformTotals(prisma())).toEqual(await recountInFull());
}

async function buy(userId: string, propertyId: string, shares: number) {
  return purchaseShares(prisma(), { userId, propertyId, shares, idempotencyKey: newIdempotencyKey() });
}

/** What the catalogue's card shows as raised (the newest open properties are on its first page). */
const raisedShown = async (propertyId: string) =>
  (await listCatalogue(prisma(), { page: 1 })).items.find((card) => card.id === propertyId)?.raised;

/**
 * Rows and index entries this connection has read from investments so far: its statistics are
 * sent to the server first (they would otherwise wait for the next second's report).
 */
async function entriesReadFromInvestments(client: pg.Client): Promise<number> {
  await client.query("SELECT pg_stat_force_next_flush()");
  await client.query("SELECT pg_stat_clear_snapshot()");
  const {
    rows: [read],
  } = await client.query<{ entries: string }>(
    `SELECT ((SELECT sum(idx_tup_read) FROM pg_stat_user_indexes WHERE relname = 'investments')
             + (SELECT seq_tup_read FROM pg_stat_user_tables WHERE relname = 'investments'))::text AS entries`,
  );
  return Number(read!.entries);
}

describe("platform totals kept as counters", () => {
  it("equal a full recount after purchases, a cancellation, a lot's partial sale, bulk writes and user status changes", async () => {
    const start = await readPlatformTotals(prisma());
    const asha = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor", balance: "500000" });
    const ravi = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor", balance: "500000" });
    const lakeside = await createProperty(prisma(), { sharePrice: "10000", title: "Lakeside Court" });
    const hilltop = await createProperty(prisma(), { sharePrice: "2500.50", title: "Hilltop Row" });
    await expectExact();
    expect((await readPlatformTotals(prisma())).users).toBe(start.users + 2);

    const first = await buy(asha.id, lakeside.id, 3);
    await buy(asha.id, hilltop.id, 2);
    await buy(ravi.id, lakeside.id, 1);
    await expectExact();
    const bought = await readPlatformTotals(prisma());
    expect(bought.investments).toBe(start.investments + 3);
    expect(bought.investors).toBe(start.investors + 2);
    expect(bought.invested).toBe(new Decimal(start.invested).plus(30000 + 5001 + 10000).toFixed(2));
    expect(await raisedShown(lakeside.id)).toBe("40000.00");

    // Cancelled in the cooling-off window: the row stays (as cancelled), so the figures the pages
    // always showed keep it, and the counters move it to the cancelled status.
    await cancelPurchase(prisma(), { userId: asha.id, transactionId: first.transactionId });
    await expectExact();
    expect(await raisedShown(lakeside.id)).toBe("10000.00");
    const byStatus = await prisma().$queryRaw<{ metric: string; value: string }[]>`
      SELECT metric, sum(value)::text AS value FROM platform_counters WHERE metric LIKE 'investments:%' GROUP BY metric ORDER BY metric`;
    // Folding the rows changes no figure.
    const before = await readPlatformTotals(prisma());
    expect(await compactPlatformCounters(prisma())).toBeGreaterThan(0);
    expect(await readPlatformTotals(prisma())).toEqual(before);
    await expectExact();
    expect(byStatus.find((row) => row.metric === "investments:cancelled")?.value).toBe("1.00");

    // A lot partly sold on the market is rewritten in place (shares and total).
    await prisma()
      .$executeRaw`UPDATE investments SET shares_owned = 1, total_investment = 2500.50 WHERE user_id = ${asha.id}::uuid AND property_id = ${hilltop.id}`;
    await expectExact();

    // One statement writing several rows of one new investor counts them as one investor.
    const bulk = await createUser(prisma(), { subscriptionActive: false, wallet: false });
    await prisma().$executeRaw`
      INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment)
      SELECT ${bulk.id}::uuid, ${lakeside.id}, 1, 10000, 10000 FROM generate_series(1, 3)`;
    await expectExact();
    expect((await readPlatformTotals(prisma())).investors).toBe(start.investors + 3);
    // ... and deleting them all in one statement uncounts the investor once.
    await prisma().$executeRaw`DELETE FROM investments WHERE user_id = ${bulk.id}::uuid`;
    await expectExact();
    expect((await readPlatformTotals(prisma())).investors).toBe(start.investors + 2);

    // A user's status changes move them between the user counters.
    await prisma().userProfile.update({ where: { id: ravi.id }, data: { subscriptionActive: false, kycStatus: "rejected" } });
    await prisma().userProfile.update({ where: { id: bulk.id }, data: { subscriptionActive: true } });
    await expectExact();
    await prisma().userProfile.delete({ where: { id: bulk.id } });
    await expectExact();

    // A TRUNCATE fires no row triggers; the statement trigger recounts.
    await prisma().$executeRawUnsafe("TRUNCATE investments CASCADE");
    await expectExact();
    expect((await readPlatformTotals(prisma())).investments).toBe(0);
  });

  it("are what the admin overview and the investments page show", async () => {
    const investor = await createUser(prisma(), {
      kycStatus: "approved",
      subscriptionActive: true,
      tier: "small_investor",
      balance: "100000",
    });
    const property = await createProperty(prisma(), { sharePrice: "10000" });
    await buy(investor.id, property.id, 2);
    const full = await recountInFull();
    const overview = await getAdminOverview(prisma());
    expect([overview.totalUsers, overview.activeSubscriptions, overview.investmentsCount, overview.totalInvested]).toEqual([
      full.users,
      full.usersSubscribed,
      full.investments,
      full.invested,
    ]);
    const { stats } = await listAllInvestments(prisma(), { search: "", page: 1 });
    expect(stats).toEqual({ count: full.investments, totalInvested: full.invested, investors: full.investors });
  });

  it("count exactly when many first purchases of many properties run at once, in different orders, while the job folds", async () => {
    const investors = await Promise.all(
      [...Array(8).keys()].map(() =>
        createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor", balance: "100000" }),
      ),
    );
    const properties = await Promise.all([...Array(4).keys()].map(() => createProperty(prisma(), { sharePrice: "1000" })));
    const start = await readPlatformTotals(prisma());
    // Each investor buys every property, in a different order, all at once, while the job folds.
    await Promise.all([
      ...investors.map(async (investor, i) => {
        for (let k = 0; k < properties.length; k++) await buy(investor.id, properties[(i + k) % properties.length]!.id, 1 + (k % 2));
      }),
      compactPlatformCounters(prisma()),
      compactPlatformCounters(prisma()),
    ]);
    await compactPlatformCounters(prisma());
    await expectExact();
    const end = await readPlatformTotals(prisma());
    expect(end.investments - start.investments).toBe(32);
    expect(end.investors - start.investors).toBe(8);
    // One row per counter once folded.
    const rows = await prisma().$queryRaw<
      { metric: string; rows: bigint }[]
    >`SELECT metric, count(*) AS rows FROM platform_counters GROUP BY metric`;
    expect(rows.every((row) => Number(row.rows) === 1)).toBe(true);
  });

  it("decide a purchase's first investment from one of the buyer's rows, however many the buyer holds (ADR 0107)", async () => {
    const property = await createProperty(prisma(), { sharePrice: "1000", totalShares: 100_000 });
    const [earlier, buyer] = await Promise.all([createUser(prisma()), createUser(prisma())]);
    const start = await readPlatformTotals(prisma());
    const client = new pg.Client({ connectionString: db.current.url });
    await client.connect();
    try {
      // Two investors of 3,000 rows each, and statistics that know it: PostgreSQL then planned the
      // old check as a bitmap scan of all of the buyer's index entries.
      for (const investor of [earlier, buyer]) {
        await client.query(
          `INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment)
           SELECT $1::uuid, $2, 1, 1000, 1000 FROM generate_series(1, 3000)`,
          [investor.id, property.id],
        );
      }
      await client.query("ANALYZE investments");
      const before = await entriesReadFromInvestments(client);
      await client.query(
        `INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment) VALUES ($1, $2, 1, 1000, 1000)`,
        [buyer.id, property.id],
      );
      // The counters' trigger is the statement's only reader of investments. Before ADR 0107 it
      // read every one of the buyer's 3,000 index entries (a bitmap scan) to find one other row.
      expect((await entriesReadFromInvestments(client)) - before).toBeLessThan(10);
      // A statement of more than 1,000 rows takes the anti-join (the new ids would outgrow a
      // hashed list), a single row the list: both count exactly.
      await client.query(`UPDATE investments SET total_investment = 999 WHERE user_id = $1`, [earlier.id]);
      await client.query(
        `UPDATE investments SET investment_status = 'cancelled' WHERE id = (SELECT id FROM investments WHERE user_id = $1 LIMIT 1)`,
        [buyer.id],
      );
    } finally {
      await client.end();
    }
    await expectExact();
    const end = await readPlatformTotals(prisma());
    expect([end.investors - start.investors, end.investments - start.investments]).toEqual([2, 6001]);
  });
});

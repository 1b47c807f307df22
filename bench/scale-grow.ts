import pg from "pg";

export type ScaleSize = { investors: number; properties: number; purchases: number; busyInvestorPurchases: number };

export const SCALE_SIZES: Record<"quick" | "medium" | "full", ScaleSize> = {
  quick: { investors: 2_000, properties: 100, purchases: 20_000, busyInvestorPurchases: 1_000 },
  medium: { investors: 20_000, properties: 300, purchases: 200_000, busyInvestorPurchases: 1_000 },
  full: { investors: 100_000, properties: 1_000, purchases: 1_000_000, busyInvestorPurchases: 1_000 },
};

const SHARE_PRICE = 1000;
const FEE_PER_SHARE = 20; // the 2% fee on a ₹1,000 share
const DEPOSIT_BATCH = 5_000;
const GROWING_TABLES =
  "ledger_accounts, ledger_journals, ledger_postings, escrow_balances, investments, transactions, user_property_positions, user_alerts";

/**
 * Grows a migrated database (the demo seed already in it) to `size` through the money
 * functions the app itself calls: every investor's deposit is a `ledger_write_single_journal`
 * journal and every purchase a `purchase_shares` call (journal, postings, transaction,
 * investment, position, alert and tier in one), so balances, positions and postings agree and
 * `npm run ledger:check` passes afterwards. Purchases are back-dated over two years. The first
 * scale investor is the busy one: `busyInvestorPurchases` purchases. Runs the purchases on
 * `workers` connections, each over its own investors and its own properties (a purchase locks its
 * property's row until the batch commits: shared properties would serialise or deadlock the
 * workers), committing a batch at a time.
 */
export async function growPlatform(url: string, size: ScaleSize, workers = 2, log: (line: string) => void = () => undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      `INSERT INTO properties (id, title, city, property_type, property_status, total_value, share_price, total_shares,
                               available_shares, minimum_investment, expected_annual_return, funding_goal, images, created_at)
       SELECT 'scale-' || g, 'Scale property ' || g, (ARRAY['Mumbai','Pune','Bengaluru','Chennai','Hyderabad'])[1 + g % 5],
              (enum_range(NULL::property_type))[1 + g % 8], 'open', 1000000000, $2::numeric, 1000000, 1000000, $2::numeric,
              4 + (g % 70) / 10.0, 1000000000, ARRAY['/media/properties/bench.jpg'], now() - make_interval(days => g % 700)
         FROM generate_series(1, $1::int) AS g`,
      [size.properties, SHARE_PRICE],
    );
    await client.query(
      `INSERT INTO user_profiles (email, full_name, trial_expires_at, tier, subscription_active, kyc_status, kyc_approved_at, created_at)
       SELECT 'scale-' || g || '@example.in', 'Scale Investor ' || g, now() + interval '14 days', 'small_investor', true,
              'approved', now() - make_interval(days => 730), now() - make_interval(mins => g)
         FROM generate_series(1, $1::int) AS g`,
      [size.investors],
    );
    // Each investor's deposit, through the ledger's own function (it creates the wallet too), a
    // batch a statement with fresh statistics between them: a PL/pgSQL function keeps the plans
    // it made while the ledger was a few rows (a sequential scan of the accounts), so one
    // statement over 100,000 investors rescans a growing table on every call (quadratic: hours).
    await client.query("ANALYZE user_profiles");
    for (let first = 1; first <= size.investors; first += DEPOSIT_BATCH) {
      await client.query(
        `SELECT ledger_write_single_journal('deposit', 'Scale bench deposit', 'scale-deposit:' || u.user_id, NULL,
                  ARRAY['user:' || u.user_id || ':available', 'platform:cash'],
                  ARRAY['user_available', 'platform_cash']::ledger_account_kind[],
                  ARRAY[u.user_id, NULL]::uuid[], ARRAY[NULL, NULL]::text[],
                  ARRAY[d.amount, -d.amount], now() - interval '731 days')
           FROM generate_series($1::int, $2::int) AS g
           JOIN user_profiles u ON u.email = 'scale-' || g || '@example.in'
           CROSS JOIN LATERAL (SELECT CASE WHEN g = 1 THEN 100000000 ELSE 1000000 END::numeric AS amount) d`,
        [first, Math.min(size.investors, first + DEPOSIT_BATCH - 1)],
      );
      await client.query(`ANALYZE ${GROWING_TABLES}`);
    }
    log(`  ${size.investors} investors funded and ${size.properties} properties listed in ${Math.round((Date.now() - started) / 1000)} s`);

    const others = size.purchases - size.busyInvestorPurchases;
    // Every other investor buys `perInvestor` times, and the first `extra` of them once more,
    // so the platform reaches the target exactly (9 each would leave 1,000,000 at 900,991).
    const perInvestor = Math.max(1, Math.floor(others / Math.max(1, size.investors - 1)));
    const extra = Math.max(0, others - perInvestor * (size.investors - 1));
    const slices = Array.from({ length: workers }, (_, w) => w);
    let done = 0;
    await Promise.all(
      slices.map(async (worker) => {
        const conn = new pg.Client({ connectionString: url });
        await conn.connect();
        try {
          const batch = 500;
          for (let first = 1 + worker * batch; first <= size.investors; first += workers * batch) {
            const last = Math.min(size.investors, first + batch - 1);
            await conn.query(
              `SELECT count(*) FROM (
                 SELECT purchase_shares(u.user_id, p.id, b.shares, 'scale:' || u.user_id || ':' || b.k, 'scale-journal:' || u.user_id || ':' || b.k,
                          $4::numeric, $4::numeric, NULL, p.title, b.shares * $4::numeric, b.shares * $5::numeric,
                          b.shares || ' shares of ' || p.title, 'Purchase confirmed', b.at)
                   FROM generate_series($1::int, $2::int) AS g
                   JOIN user_profiles u ON u.email = 'scale-' || g || '@example.in'
                   CROSS JOIN LATERAL generate_series(1, CASE WHEN g = 1 THEN $6::int WHEN g - 1 <= $10::int THEN $3::int + 1 ELSE $3::int END) AS n
                   CROSS JOIN LATERAL (SELECT n AS k, 1 + (g + n) % 5 AS shares,
                                              now() - make_interval(mins => ((g * 7919 + n * 104729) % 1051200)) AS at) b
                   JOIN properties p ON p.id = 'scale-' || (1 + $8::int + $9::int * ((g * 31 + n * 17) % ($7::int / $9::int)))
                  ORDER BY b.at) bought`,
              [first, last, perInvestor, SHARE_PRICE, FEE_PER_SHARE, size.busyInvestorPurchases, size.properties, worker, workers, extra],
            );
            // Fresh statistics now and then, so the money functions' cached plans follow the
            // tables' growth (see the deposits above).
            if ((first - 1 - worker * batch) % (workers * batch * 20) === 0) await conn.query(`ANALYZE ${GROWING_TABLES}`);
            done += last - first + 1;
            if (done % 10_000 < batch) log(`  purchases for ${done} of ${size.investors} investors`);
          }
        } finally {
          await conn.end();
        }
      }),
    );
    // A bulk load leaves a row per change in the platform counters; fold them as the job would
    // (ADR 0078), then vacuum, so the pages read what a running platform's would.
    await client.query("SELECT platform_counters_compact()");
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query<{ purchases: string }>(`SELECT count(*)::text AS purchases FROM investments`);
    log(`  grown in ${Math.round((Date.now() - started) / 1000)} s: ${rows[0]!.purchases} investments in all`);
  } finally {
    await client.end();
  }
}

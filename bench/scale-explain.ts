import pg from "pg";

/**
 * `npx tsx bench/scale-explain.ts <database url>`: EXPLAIN (ANALYZE, BUFFERS) of the reads that
 * grew most with the platform before issue 37 (its first table), as the app sends them, on a
 * platform `npm run bench:scale -- --keep-grown` left. Prints each plan's first lines (the
 * node that reads, and whether through an index) and its execution time, for the closing note.
 */
const READS: { label: string; sql: string }[] = [
  {
    label: "investments search (?q=scale-77): investors and properties narrowed first, one count",
    sql: `SELECT * FROM (SELECT m.id, m.investment_date, count(*) OVER () AS total FROM (
            WITH u AS MATERIALIZED (SELECT user_id FROM user_profiles WHERE email ILIKE '%scale-77%' OR full_name ILIKE '%scale-77%'),
                 p AS MATERIALIZED (SELECT id FROM properties WHERE title ILIKE '%scale-77%' OR city ILIKE '%scale-77%')
            SELECT i.id, i.investment_date FROM investments i WHERE i.user_id IN (SELECT user_id FROM u)
            UNION
            SELECT i.id, i.investment_date FROM investments i WHERE i.property_id IN (SELECT id FROM p)) m) c
           ORDER BY c.investment_date DESC, c.id LIMIT 25`,
  },
  {
    label: "investments, next page through the cursor (a row 100,000 deep)",
    sql: `SELECT i.id, i.investment_date FROM investments i
           WHERE i.investment_date <= (SELECT investment_date FROM investments WHERE id = '$INVESTMENT'::uuid)
             AND (i.investment_date < (SELECT investment_date FROM investments WHERE id = '$INVESTMENT'::uuid)
                  OR i.id > '$INVESTMENT'::uuid)
           ORDER BY i.investment_date DESC, i.id LIMIT 25`,
  },
  {
    label: "investments, a typed page number (page 4,000: OFFSET 99,975)",
    sql: `SELECT i.id, i.investment_date FROM investments i ORDER BY i.investment_date DESC, i.id LIMIT 25 OFFSET 99975`,
  },
  {
    label: "platform totals (/admin, /admin/investments): the counters",
    sql: `SELECT coalesce(sum(value) FILTER (WHERE metric LIKE 'investments:%'), 0), coalesce(sum(value) FILTER (WHERE metric LIKE 'invested:%'), 0),
                 coalesce(sum(value) FILTER (WHERE metric = 'investors'), 0), coalesce(sum(value) FILTER (WHERE metric = 'users'), 0)
            FROM platform_counters`,
  },
  {
    label: "users search (?q=scale-77), counted",
    sql: `SELECT count(*) FROM user_profiles WHERE email ILIKE '%scale-77%' OR full_name ILIKE '%scale-77%'`,
  },
  {
    label: "users, next page through the cursor (a user 50,000 deep)",
    sql: `SELECT u.user_id FROM user_profiles u, (SELECT created_at AS at FROM user_profiles WHERE user_id = '$USER'::uuid) k
           WHERE u.created_at < k.at OR (u.created_at = k.at AND u.user_id > '$USER'::uuid)
           ORDER BY u.created_at DESC, u.user_id LIMIT 25`,
  },
  {
    label: "raised of the busiest property (invest page)",
    sql: `SELECT coalesce(sum(raised), 0) FROM property_raised WHERE property_id = 'scale-1'`,
  },
  {
    label: "market data of the busiest property: settled resales",
    sql: `SELECT t.id FROM transactions t WHERE t.property_id = 'scale-1' AND t.transaction_type = 'share_purchase' AND t.status = 'completed'
           ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
  },
  {
    label: "admin share trading: active sell requests by expiry",
    sql: `SELECT id FROM share_sell_requests WHERE status = 'active' ORDER BY expires_at, id LIMIT 50`,
  },
];

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error("usage: npx tsx bench/scale-explain.ts <database url>");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The cursors a reader deep in each list would hold (found here, not timed).
    const deep = async (sql: string) => (await client.query<{ id: string }>(sql)).rows[0]?.id ?? "00000000-0000-0000-0000-000000000000";
    const investment = await deep("SELECT id::text AS id FROM investments ORDER BY investment_date DESC, id OFFSET 100000 LIMIT 1");
    const user = await deep("SELECT user_id::text AS id FROM user_profiles ORDER BY created_at DESC, user_id OFFSET 50000 LIMIT 1");
    for (const read of READS) {
      const sql = read.sql.replaceAll("$INVESTMENT", investment).replaceAll("$USER", user);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
      const lines = rows.map((row) => row["QUERY PLAN"]);
      const reading = lines.filter((line) => /Scan|Index Cond|Aggregate|Limit/.test(line)).slice(0, 8);
      console.log(`\n### ${read.label}`);
      for (const line of reading) console.log(line);
      console.log(lines.find((line) => line.startsWith("Execution Time")) ?? "");
    }
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

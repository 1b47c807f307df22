/**
 * `npx tsx bench/session-read-bench.ts`: the signed-in session read with its page version
 * (READ_SESSION_WITH_PAGE_VERSION, every signed-in request), timed before and after ADR 0084.
 *
 * Two databases on the bench server (BENCH_DATABASE_URL, TEST_DATABASE_URL or an embedded one):
 * "before" migrated up to the last migration before 20270109000000_user_page_changes and read
 * with ADR 0045's statement, "after" fully migrated and read with today's. Each holds the same
 * rows: 2,000 other investors with three changes each (a busy minute, unfolded), one investor
 * whose 50 changes were folded (0 unfolded after ADR 0084) and one whose 50 are not. Each
 * (database, investor) pair runs SESSION_READS executions (default 2,000) in rounds taken in
 * turn, so the machine's noise falls on all of them alike; reported as the median and p95 of
 * the round trip through `pg` (a named prepared statement, as the app sends it) and of the
 * statement's execution inside PostgreSQL (a PL/pgSQL loop over the same text, plan cached).
 */
import pg from "pg";
import { readMigrations } from "~/services/migrate.server";
import { migrateDatabase } from "~/services/migrate.server";
import { READ_SESSION_WITH_PAGE_VERSION } from "~/services/session.server";
import { openBenchServer, withDatabase } from "./database";
import { markdownTable, percentile, round } from "./stats";

const STAMP = "20270109000000";
const READS = Number(process.env.SESSION_READS ?? 2_000);
const ROUNDS = 10;

// ADR 0045's statement, as app/services/session.server.ts sent it before ADR 0084.
const BEFORE_TEXT = READ_SESSION_WITH_PAGE_VERSION.text.replace(
  /\(coalesce\(\(SELECT v\.version[\s\S]*?\)\)::text/,
  `coalesce((SELECT v.version FROM "public"."user_page_versions" v WHERE v.user_id = s.user_id), 0)::text`,
);

type Side = { label: "before" | "after"; text: string; client: pg.Client; sessions: Record<"folded" | "unfolded", string> };

async function prepare(adminUrl: string, label: Side["label"]): Promise<Side & { drop: () => Promise<void> }> {
  const name = `aangan_bench_session_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const migrations = readMigrations().filter((m) => label === "after" || m.name < STAMP);
  await migrateDatabase(url, migrations);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const hasFold = (await client.query(`SELECT to_regproc('user_page_changes_fold') IS NOT NULL AS has`)).rows[0].has as boolean;
  const fold = () => (hasFold ? client.query("SELECT user_page_changes_fold()") : Promise.resolve());

  const newUser = async (email: string) =>
    (
      await client.query<{ user_id: string }>(
        `INSERT INTO user_profiles (email, trial_expires_at) VALUES ($1, now() + interval '14 days') RETURNING user_id`,
        [email],
      )
    ).rows[0]!.user_id;
  const changes = async (userId: string, count: number) => {
    for (let i = 0; i < count; i++)
      await client.query(`INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'system', 't', 'm')`, [userId]);
  };
  const session = async (userId: string) => {
    const idHash = `bench-${label}-${userId}`;
    await client.query(
      `INSERT INTO sessions (id_hash, user_id, idle_expires_at, absolute_expires_at)
       VALUES ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
      [idHash, userId],
    );
    return idHash;
  };

  const folded = await newUser("folded@bench.in");
  await changes(folded, 50);
  await fold();
  await client.query(
    `INSERT INTO user_profiles (email, trial_expires_at) SELECT 'other' || i || '@bench.in', now() + interval '14 days' FROM generate_series(1, 2000) i`,
  );
  for (let i = 0; i < 3; i++)
    await client.query(
      `INSERT INTO user_alerts (user_id, alert_type, title, message) SELECT user_id, 'system', 't', 'm' FROM user_profiles WHERE email LIKE 'other%'`,
    );
  const unfolded = await newUser("unfolded@bench.in");
  await changes(unfolded, 50);
  const sessions = { folded: await session(folded), unfolded: await session(unfolded) };
  await client.query("ANALYZE");

  const text = label === "after" ? READ_SESSION_WITH_PAGE_VERSION.text : BEFORE_TEXT;
  // The same text inside PostgreSQL, its plan cached as a prepared statement's is.
  await client.query(`CREATE FUNCTION bench_session_read(p_hash TEXT, p_reads INTEGER) RETURNS SETOF DOUBLE PRECISION LANGUAGE plpgsql AS $f$
    DECLARE t0 TIMESTAMPTZ; v_version TEXT; v_user TEXT;
    BEGIN
      FOR i IN 1..p_reads LOOP
        t0 := clock_timestamp();
        SELECT q."pageVersion", q."user"::text INTO v_version, v_user FROM (${text.replace("$1", "p_hash")}) q;
        RETURN NEXT extract(epoch FROM clock_timestamp() - t0) * 1e6;
      END LOOP;
    END $f$`);
  return {
    label,
    text,
    client,
    sessions,
    drop: async () => {
      await client.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

async function main() {
  const server = await openBenchServer();
  const sides = [await prepare(server.adminUrl, "before"), await prepare(server.adminUrl, "after")];
  const trip = new Map<string, number[]>();
  const inside = new Map<string, number[]>();
  try {
    for (const side of sides) {
      const version = await side.client.query({ name: "read", text: side.text, values: [side.sessions.unfolded] });
      console.log(`${side.label}: the unfolded investor's page version reads ${version.rows[0].pageVersion}`);
    }
    const perRound = Math.ceil(READS / ROUNDS);
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      for (const side of sides) {
        for (const kind of ["folded", "unfolded"] as const) {
          const key = `${side.label}:${kind}`;
          const hash = side.sessions[kind];
          const samples = trip.get(key) ?? [];
          for (let i = 0; i < perRound; i++) {
            const t0 = process.hrtime.bigint();
            await side.client.query({ name: "read", text: side.text, values: [hash] });
            samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
          }
          trip.set(key, samples);
          const rows = await side.client.query<{ us: number }>(`SELECT bench_session_read($1, $2) AS us`, [hash, perRound]);
          inside.set(key, [...(inside.get(key) ?? []), ...rows.rows.map((r) => r.us)]);
        }
      }
    }
  } finally {
    for (const side of sides) await side.drop();
    await server.stop();
  }
  const stat = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return `${round(percentile(sorted, 50))} / ${round(percentile(sorted, 95))}`;
  };
  const rows = [["statement", "the investor's 50 changes", "round trip µs (median / p95)", "inside PostgreSQL µs (median / p95)", "reads"]];
  for (const label of ["before", "after"] as const)
    for (const kind of ["folded", "unfolded"] as const) {
      const key = `${label}:${kind}`;
      rows.push([
        label,
        label === "before" ? `one row (${kind} user)` : kind === "folded" ? "folded (0 change rows)" : "not folded (50 change rows)",
        stat(trip.get(key)!),
        stat(inside.get(key)!),
        String(trip.get(key)!.length),
      ]);
    }
  console.log(markdownTable(rows));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

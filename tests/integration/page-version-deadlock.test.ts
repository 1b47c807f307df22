import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { reloadEnv } from "~/services/env.server";
import { createUserSession, getSessionWithPageVersion } from "~/services/session.server";
import { foldUserPageChanges } from "~/services/page-versions.server";
import { pageVersionFoldJob } from "~/services/jobs/page-version-fold.server";

/**
 * Page versions (ADR 0045) are raised at the commit, by deferred triggers. Two transactions that
 * touch the same investors in opposite orders must both commit (ADR 0084): the raises take no
 * lock another transaction can hold. A test-only deferred trigger that sleeps sits between the
 * two investors' events in each transaction, so the two commits run side by side, each having
 * raised its first investor before the other reaches it: deterministic, not a race left to luck.
 */
const db = useTestDatabase();

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "page-version-deadlock-secret-0123456789abcdef";
  reloadEnv();
  await sql(`CREATE TABLE "test_commit_pause" ("id" SERIAL PRIMARY KEY)`);
  await sql(`CREATE FUNCTION "test_commit_pause_sleep"() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$`);
  await sql(`CREATE CONSTRAINT TRIGGER "test_commit_pause" AFTER INSERT ON "test_commit_pause"
               DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "test_commit_pause_sleep"()`);
});

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** An investor with a session, and their page version as the session read sees it ("investor:catalogue"). */
async function investor() {
  const user = await createUser(db.current.prisma, { tier: "small_investor", subscriptionActive: true, kycStatus: "approved" });
  const setCookie = await createUserSession(user.id, new Request("http://localhost/"));
  const cookie = setCookie.split(";")[0]!;
  const version = async () => {
    const read = await getSessionWithPageVersion(cookie);
    const [own, catalogue] = read!.pageVersion.split(":").map(Number);
    return { own: own!, catalogue: catalogue! };
  };
  return { id: user.id, version };
}

/** The statements queued in one open transaction; its deferred triggers run at COMMIT. */
type Step = { text: string; values?: unknown[] };
const alertFor = (userId: string): Step => ({
  text: "INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'system', 'raised', 'at commit')",
  values: [userId],
});
const pause: Step = { text: `INSERT INTO "test_commit_pause" DEFAULT VALUES` };
const priceOf = (propertyId: string): Step => ({
  text: "UPDATE properties SET share_price = share_price + 1 WHERE id = $1",
  values: [propertyId],
});

/** Opens one transaction per list, runs its steps, then commits all at once; answers each commit's outcome. */
async function commitTogether(...transactions: Step[][]): Promise<string[]> {
  const clients = transactions.map(() => new pg.Client({ connectionString: db.current.url }));
  try {
    await Promise.all(clients.map((client) => client.connect()));
    for (const [i, steps] of transactions.entries()) {
      await clients[i]!.query("BEGIN");
      for (const step of steps) await clients[i]!.query(step.text, step.values);
    }
    const outcomes = await Promise.allSettled(clients.map((client) => client.query("COMMIT")));
    return outcomes.map((o) => (o.status === "fulfilled" ? "committed" : `${(o.reason as { code?: string }).code}: ${String(o.reason)}`));
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  }
}

describe("page versions raised at the commit never deadlock", () => {
  it("commits two transactions that raise two investors' versions in opposite orders, and moves both versions", async () => {
    const a = await investor();
    const b = await investor();
    // Both already have versions of their own (and, after a fold, a base row).
    await commitTogether([alertFor(a.id)], [alertFor(b.id)]);
    await foldUserPageChanges(db.current.prisma);
    await commitTogether([alertFor(a.id)], [alertFor(b.id)]);
    const before = { a: await a.version(), b: await b.version() };

    const outcomes = await commitTogether([alertFor(a.id), pause, alertFor(b.id)], [alertFor(b.id), pause, alertFor(a.id)]);

    expect(outcomes).toEqual(["committed", "committed"]);
    const after = { a: await a.version(), b: await b.version() };
    expect(after.a.own).toBe(before.a.own + 2);
    expect(after.b.own).toBe(before.b.own + 2);
  });

  it("commits a transaction raising an investor then the catalogue beside one raising the catalogue then that investor", async () => {
    const a = await investor();
    const first = await createProperty(db.current.prisma);
    const second = await createProperty(db.current.prisma);
    await commitTogether([alertFor(a.id)]);
    const before = await a.version();

    const outcomes = await commitTogether([alertFor(a.id), pause, priceOf(first.id)], [priceOf(second.id), pause, alertFor(a.id)]);

    expect(outcomes).toEqual(["committed", "committed"]);
    const after = await a.version();
    expect(after.own).toBe(before.own + 2);
    expect(after.catalogue).toBe(before.catalogue + 2);
  });
});

describe("the catalogue's version in slots (ADR 0096)", () => {
  it("lets a commit that raises the catalogue's version finish while another one raising it is still committing", async () => {
    const a = await investor();
    const first = await createProperty(db.current.prisma);
    const second = await createProperty(db.current.prisma);
    const before = await a.version();
    const [slow, quick, watcher] = [0, 1, 2].map(() => new pg.Client({ connectionString: db.current.url }));
    await Promise.all([slow, quick, watcher].map((client) => client!.connect()));
    try {
      const xid = async (client: pg.Client) => Number((await client.query("SELECT pg_current_xact_id()::text AS x")).rows[0].x);
      await slow!.query("BEGIN");
      await slow!.query(priceOf(first.id).text, priceOf(first.id).values);
      await slow!.query(pause.text);
      await quick!.query("BEGIN");
      await quick!.query(priceOf(second.id).text, priceOf(second.id).values);
      // Consecutive transactions pick different slots (id mod 32).
      expect((await xid(slow!)) % 32).not.toBe((await xid(quick!)) % 32);
      const finished: string[] = [];
      // The slow commit raises its slot, then sleeps in the test's deferred trigger, holding it.
      const slowCommit = slow!.query("COMMIT").then(() => finished.push("slow"));
      const slowPid = (slow as unknown as { processID: number }).processID;
      await expect
        .poll(async () => (await watcher!.query("SELECT wait_event FROM pg_stat_activity WHERE pid = $1", [slowPid])).rows[0]?.wait_event)
        .toBe("PgSleep");
      // With one row the quick commit waited for the slow one's; with slots it does not.
      await quick!.query("COMMIT").then(() => finished.push("quick"));
      await slowCommit;
      expect(finished).toEqual(["quick", "slow"]);
    } finally {
      await Promise.all([slow, quick, watcher].map((client) => client!.end().catch(() => undefined)));
    }
    // Each commit still moved the version by one.
    expect((await a.version()).catalogue).toBe(before.catalogue + 2);
  });
});

// Why the catalogue's one row cannot close a cycle (ADR 0084): it is taken only at a commit,
// and what a commit does after taking it never waits. These are the facts that argument rests
// on; a new deferred trigger, or a new writer of a version row, fails here until it is judged.
describe("what the commit phase locks", () => {
  it("runs only deferred triggers that take no lock another transaction holds, besides the catalogue's row", async () => {
    const deferred = await sql(
      `SELECT DISTINCT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgdeferrable AND p.proname <> 'test_commit_pause_sleep' ORDER BY 1`,
    );
    expect(deferred.map((r) => r.proname)).toEqual([
      "catalogue_page_version_changed", // the catalogue's row
      "ledger_journals_assert_balanced", // reads the journal's postings
      "ledger_postings_assert_balanced",
      "user_page_version_row_changed", // adds a row keyed by its own transaction
    ]);
  });

  it("raises the catalogue's version in a transaction's body only for a TRUNCATE", async () => {
    const early = await sql(
      `SELECT c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname IN ('catalogue_page_version_changed', 'user_page_version_row_changed')
          AND NOT t.tginitdeferred AND t.tgtype & 32 = 0`,
    );
    expect(early).toEqual([]);
  });

  it("writes the version rows from one function each, and the investors' base only from the fold", async () => {
    const writers = await sql(
      `SELECT p.proname, t.name FROM pg_proc p
         CROSS JOIN unnest(ARRAY['catalogue_page_version', 'user_page_versions', 'user_page_changes']) t(name)
        WHERE p.pronamespace = 'public'::regnamespace AND p.prosrc ~ ('(^|[^a-z_])"?' || t.name || '"?($|[^a-z_])')
        ORDER BY 2, 1`,
    );
    expect(writers.map((r) => `${r.name}: ${r.proname}`)).toEqual([
      "catalogue_page_version: raise_catalogue_page_version",
      "user_page_changes: raise_user_page_version",
      "user_page_changes: user_page_changes_fold",
      "user_page_versions: user_page_changes_fold",
    ]);
  });
});

describe("the fold of page changes", () => {
  const changeRows = async (userId: string) =>
    Number((await sql("SELECT count(*) FROM user_page_changes WHERE user_id = $1", [userId]))[0].count);

  it("leaves every version as it was, and a change after it still moves the version", async () => {
    const a = await investor();
    const untouched = await investor();
    const start = await a.version();
    await foldUserPageChanges(db.current.prisma);
    expect(await a.version()).toEqual(start);

    await commitTogether([alertFor(a.id)]);
    await commitTogether([alertFor(a.id), alertFor(a.id)]); // one transaction: one raise
    const changed = await a.version();
    expect(changed.own).toBe(start.own + 2);
    expect(await changeRows(a.id)).toBe(2);

    // The job as pg-boss runs it.
    const job = pageVersionFoldJob(() => db.current.prisma);
    expect(job.cron).toBe("* * * * *");
    const output = await job.run({ id: "test" } as Parameters<typeof job.run>[0]);
    expect(output).toMatchObject({ folded: expect.any(Number) });
    expect(await changeRows(a.id)).toBe(0);
    expect(await a.version()).toEqual(changed);
    expect((await untouched.version()).own).toBe(0);

    await foldUserPageChanges(db.current.prisma);
    expect(await a.version()).toEqual(changed);
    await commitTogether([alertFor(a.id)]);
    const later = await a.version();
    expect(later.own).toBe(changed.own + 1);
    await foldUserPageChanges(db.current.prisma);
    expect(await a.version()).toEqual(later);
  });

  it("never moves a version backwards while folds run beside committing writers, and counts every commit once", async () => {
    const a = await investor();
    const start = (await a.version()).own;
    const writes = 40;
    const seen: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < writes; i++) await commitTogether([alertFor(a.id)]);
      writing = false;
    })();
    let foldedMeanwhile = 0;
    const folder = (async () => {
      while (writing) foldedMeanwhile += await foldUserPageChanges(db.current.prisma);
    })();
    const reader = (async () => {
      while (writing) seen.push((await a.version()).own);
    })();
    await Promise.all([writer, folder, reader]);
    expect(foldedMeanwhile).toBeGreaterThan(0);
    expect(new Set(seen).size).toBeGreaterThan(2);
    seen.push((await a.version()).own);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen.at(-1)).toBe(start + writes);
    await foldUserPageChanges(db.current.prisma);
    expect((await a.version()).own).toBe(start + writes);
  });
});

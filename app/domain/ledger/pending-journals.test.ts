import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/services/db.server";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, platformFees, userAvailable } from "./accounts.server";
import { checkLedger } from "./check-ledger.server";
import {
  DuplicateJournalError,
  InsufficientFundsError,
  LedgerError,
  PendingAlreadyResolvedError,
  PendingExpiredError,
  PendingNotFoundError,
} from "./errors.server";
import { getHeldBalance, getPendingJournal } from "./get-pending-journal.server";
import { createPendingJournal, postPendingJournal, voidPendingJournal } from "./pending-journals.server";
import { postJournal } from "./post-journal.server";
import { voidExpiredPendingJournals } from "./void-expired-pending-journals.server";

const db = useTestDatabase();
const HOUR = 3_600_000;
let sql: pg.Client;

beforeAll(async () => {
  sql = new pg.Client({ connectionString: db.current.url });
  await sql.connect();
});
afterAll(() => sql.end());

async function funded(amount: string) {
  const user = await createUser(db.current.prisma);
  await db.current.prisma.$transaction((tx) =>
    postJournal(tx, {
      kind: "deposit",
      description: "Funds added",
      postings: [
        { account: userAvailable(user.id), amount },
        { account: platformCash, amount: `-${amount}` },
      ],
    }),
  );
  return user.id;
}

function hold(userId: string, amount: string, options: { expiresAt?: Date; createdAt?: Date } = {}) {
  return db.current.prisma
    .$transaction((tx) =>
      createPendingJournal(tx, {
        kind: "buyer_hold",
        userId,
        amount,
        expiresAt: options.expiresAt ?? new Date(Date.now() + HOUR),
        createdAt: options.createdAt,
        description: `Hold of ${amount}`,
      }),
    )
    .then((r) => r.journalId);
}

const post = (pendingJournalId: string, destinations: Parameters<typeof postPendingJournal>[1]["destinations"]) =>
  db.current.prisma.$transaction((tx) => postPendingJournal(tx, { pendingJournalId, destinations, description: "Settled" }));
const cancel = (pendingJournalId: string) =>
  db.current.prisma.$transaction((tx) => voidPendingJournal(tx, { pendingJournalId, reason: "Cancelled by the buyer" }));

async function wallet(userId: string) {
  const row = await db.current.prisma.escrowBalance.findUniqueOrThrow({ where: { userId } });
  return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
}

async function resolutionsOf(pendingJournalId: string): Promise<number> {
  const { rows } = await sql.query(`SELECT count(*)::int AS n FROM ledger_journals WHERE pending_journal_id = $1`, [pendingJournalId]);
  return rows[0].n;
}

describe("a pending journal", () => {
  it("moves money from available to held, and refuses more than available", async () => {
    const buyer = await funded("1000");
    const journalsBefore = await db.current.prisma.ledgerJournal.count();
    const refused = hold(buyer, "1000.01");
    await expect(refused).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(refused).rejects.toMatchObject({ userId: buyer, code: "insufficient_funds", status: 409 });
    expect(await db.current.prisma.ledgerJournal.count()).toBe(journalsBefore);

    const pendingId = await hold(buyer, "999.99");
    expect(await wallet(buyer)).toEqual({ available: "0.01", held: "999.99" });
    expect(await getHeldBalance(db.current.prisma, buyer)).toBe("999.99");
    expect(await getPendingJournal(db.current.prisma, pendingId)).toMatchObject({
      kind: "buyer_hold",
      userId: buyer,
      amount: "999.99",
      status: "open",
      resolutionJournalId: null,
    });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });
});

describe("a pending journal with an idempotency key", () => {
  it("is held once: a repeat answers DuplicateJournalError", async () => {
    const buyer = await funded("1000");
    const request = () =>
      db.current.prisma.$transaction((tx) =>
        createPendingJournal(tx, {
          kind: "withdrawal_hold",
          userId: buyer,
          amount: "400",
          expiresAt: new Date(Date.now() + HOUR),
          description: "Withdrawal requested",
          idempotencyKey: `withdrawal-${buyer}`,
        }),
      );
    await request();
    await expect(request()).rejects.toBeInstanceOf(DuplicateJournalError);
    expect(await wallet(buyer)).toEqual({ available: "600.00", held: "400.00" });
  });
});

describe("posting a pending journal", () => {
  it("sends the full amount to its destinations", async () => {
    const buyer = await funded("5000");
    const seller = await createUser(db.current.prisma);
    const pendingId = await hold(buyer, "1200.50");

    const result = await post(pendingId, [
      { account: userAvailable(seller.id), amount: "1176.96" },
      { account: platformFees, amount: "23.54" },
    ]);

    expect(result).toMatchObject({ posted: "1200.50", returned: "0.00" });
    expect(await wallet(buyer)).toEqual({ available: "3799.50", held: "0.00" });
    expect(await wallet(seller.id)).toEqual({ available: "1176.96", held: "0.00" });
    const view = await getPendingJournal(db.current.prisma, pendingId);
    expect(view).toMatchObject({ status: "posted", resolutionJournalId: result.journalId });
    const resolution = await db.current.prisma.ledgerJournal.findUniqueOrThrow({ where: { id: result.journalId } });
    expect(resolution).toMatchObject({ kind: "settlement", phase: "post", pendingJournalId: pendingId, userId: buyer });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("for less than pending returns the rest to available, to the paisa", async () => {
    const buyer = await funded("5000");
    const seller = await createUser(db.current.prisma);
    const pendingId = await hold(buyer, "1000.00");

    const result = await post(pendingId, [{ account: userAvailable(seller.id), amount: "333.33" }]);

    expect(result).toMatchObject({ posted: "333.33", returned: "666.67" });
    expect(await wallet(buyer)).toEqual({ available: "4666.67", held: "0.00" });
    expect(await wallet(seller.id)).toEqual({ available: "333.33", held: "0.00" });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("never for more than pending", async () => {
    const buyer = await funded("5000");
    const pendingId = await hold(buyer, "100");
    await expect(post(pendingId, [{ account: platformFees, amount: "100.01" }])).rejects.toMatchObject({
      code: "exceeds_pending",
    });
    expect(await wallet(buyer)).toEqual({ available: "4900.00", held: "100.00" });
    expect(await resolutionsOf(pendingId)).toBe(0);
  });

  it("is refused after the expiry, which leaves only a void", async () => {
    const buyer = await funded("500");
    const pendingId = await hold(buyer, "200", { createdAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() - HOUR) });
    await expect(post(pendingId, [{ account: platformFees, amount: "200" }])).rejects.toBeInstanceOf(PendingExpiredError);
    await cancel(pendingId);
    expect(await wallet(buyer)).toEqual({ available: "500.00", held: "0.00" });
  });

  it("back-dated (demo data), posts when the hold was live at that moment and is refused when it was not", async () => {
    const buyer = await funded("500");
    const createdAt = new Date(Date.now() - 10 * HOUR);
    const expiresAt = new Date(Date.now() - 5 * HOUR);
    const live = await hold(buyer, "200", { createdAt, expiresAt });
    const late = await hold(buyer, "100", { createdAt, expiresAt });
    const at = (pendingJournalId: string, moment: Date) =>
      db.current.prisma.$transaction((tx) =>
        postPendingJournal(tx, {
          pendingJournalId,
          destinations: [{ account: platformFees, amount: "50" }],
          description: "Settled",
          createdAt: moment,
        }),
      );
    const settledAt = new Date(Date.now() - 6 * HOUR);
    const { journalId } = await at(live, settledAt);
    const { rows } = await sql.query(`SELECT created_at FROM ledger_journals WHERE id = $1`, [journalId]);
    expect(rows[0].created_at.getTime()).toBe(settledAt.getTime());
    await expect(at(late, new Date(Date.now() - 4 * HOUR))).rejects.toBeInstanceOf(PendingExpiredError);
    expect(await wallet(buyer)).toEqual({ available: "350.00", held: "100.00" });
    await cancel(late);
    expect(await wallet(buyer)).toEqual({ available: "450.00", held: "0.00" });
  });

  it("answers an unknown id with PendingNotFoundError", async () => {
    await expect(post("00000000-0000-4000-8000-000000000000", [{ account: platformFees, amount: "1" }])).rejects.toBeInstanceOf(
      PendingNotFoundError,
    );
    await expect(cancel("not-a-uuid")).rejects.toBeInstanceOf(PendingNotFoundError);
  });
});

describe("voiding a pending journal", () => {
  it("returns the whole held amount to available", async () => {
    const buyer = await funded("750.25");
    const pendingId = await hold(buyer, "750.25");
    expect(await wallet(buyer)).toEqual({ available: "0.00", held: "750.25" });

    const { journalId } = await cancel(pendingId);

    expect(await wallet(buyer)).toEqual({ available: "750.25", held: "0.00" });
    expect(await getPendingJournal(db.current.prisma, pendingId)).toMatchObject({ status: "voided", resolutionJournalId: journalId });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });
});

describe("a second resolution", () => {
  it("is refused: post after void, and void after post", async () => {
    const buyer = await funded("1000");
    const voided = await hold(buyer, "300");
    const posted = await hold(buyer, "200");
    await cancel(voided);
    await post(posted, [{ account: platformFees, amount: "150" }]);
    const after = await wallet(buyer);

    await expect(post(voided, [{ account: platformFees, amount: "300" }])).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
    await expect(cancel(posted)).rejects.toBeInstanceOf(PendingAlreadyResolvedError);

    expect(await wallet(buyer)).toEqual(after);
    expect(after).toEqual({ available: "850.00", held: "0.00" });
    expect([await resolutionsOf(voided), await resolutionsOf(posted)]).toEqual([1, 1]);
  });

  it("is refused by PostgreSQL itself, whoever writes it", async () => {
    const buyer = await funded("1000");
    const pendingId = await hold(buyer, "300");
    await cancel(pendingId);
    const { rows: accounts } = await sql.query<{ id: string; kind: string }>(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1`, [
      buyer,
    ]);
    const account = (kind: string) => accounts.find((a) => a.kind === kind)!.id;
    await sql.query("BEGIN");
    try {
      const insert = sql.query(
        `WITH j AS (INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id)
                    VALUES ('void', 'void', 'second void', $1, $2) RETURNING id)
         INSERT INTO ledger_postings (journal_id, account_id, amount)
         SELECT j.id, a, amt FROM j, (VALUES ($3::uuid, -300::numeric), ($4::uuid, 300::numeric)) v(a, amt)`,
        [buyer, pendingId, account("user_held"), account("user_available")],
      );
      await expect(insert).rejects.toThrow(/ledger_journals_pending_journal_id_key/);
    } finally {
      await sql.query("ROLLBACK");
    }
    expect(await resolutionsOf(pendingId)).toBe(1);
    expect(await wallet(buyer)).toEqual({ available: "1000.00", held: "0.00" });
  });

  it("is refused when two connections post the same pending journal at once", async () => {
    const buyer = await funded("1000");
    const seller = await createUser(db.current.prisma);
    const pendingId = await hold(buyer, "400");
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWritten!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWritten = resolve));

    // The first post writes its resolution and keeps its transaction open; the second then
    // reads the pending journal as still open (the first has not committed), so only the
    // unique index can stop it.
    const first = db.current.prisma.$transaction(async (tx) => {
      const result = await postPendingJournal(tx, {
        pendingJournalId: pendingId,
        destinations: [{ account: userAvailable(seller.id), amount: "400" }],
        description: "first",
      });
      firstWritten();
      await firstMayCommit;
      return result;
    });
    await firstHasWritten;
    const second = db.current.prisma.$transaction((tx) =>
      postPendingJournal(tx, {
        pendingJournalId: pendingId,
        destinations: [{ account: userAvailable(seller.id), amount: "250" }],
        description: "second",
      }),
    );
    await waitUntilABackendWaitsOnALock();
    releaseFirst();

    await expect(first).resolves.toMatchObject({ posted: "400.00" });
    await expect(second).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
    expect(await resolutionsOf(pendingId)).toBe(1);
    expect(await wallet(buyer)).toEqual({ available: "600.00", held: "0.00" });
    expect(await wallet(seller.id)).toEqual({ available: "400.00", held: "0.00" });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });
});

async function waitUntilABackendWaitsOnALock() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the second post never waited on the first");
}

describe("voidExpiredPendingJournals", () => {
  it("voids each expired pending journal exactly once with two workers, and leaves the rest", async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => funded("10000")));
    const now = new Date();
    const past = { createdAt: new Date(now.getTime() - 2 * HOUR), expiresAt: new Date(now.getTime() - HOUR) };
    const expired: string[] = [];
    for (let i = 0; i < 24; i++) expired.push(await hold(buyers[i % 4]!, `${100 + i}.50`, past));
    const alreadyCancelled = await hold(buyers[0]!, "1", past);
    await cancel(alreadyCancelled);
    const live = [await hold(buyers[0]!, "7.25"), await hold(buyers[1]!, "8.75")];

    const workers = [createPrismaClient(db.current.url), createPrismaClient(db.current.url)];
    try {
      const results = await Promise.all(workers.map((worker) => voidExpiredPendingJournals(worker, now, { limit: 100 })));
      const voided = results.flatMap((r) => r.voided);
      expect(voided.sort()).toEqual([...expired].sort());
      expect(new Set(voided).size).toBe(voided.length);
    } finally {
      await Promise.all(workers.map((worker) => worker.$disconnect()));
    }

    for (const id of expired) expect(await resolutionsOf(id)).toBe(1);
    expect(await resolutionsOf(alreadyCancelled)).toBe(1);
    for (const id of live) expect((await getPendingJournal(db.current.prisma, id))?.status).toBe("open");
    expect((await Promise.all(buyers.map(wallet))).map((w) => w.held)).toEqual(["7.25", "8.75", "0.00", "0.00"]);
    expect(await voidExpiredPendingJournals(db.current.prisma, now)).toEqual({ voided: [] });
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });
});

describe("the database holds each phase to its shape", () => {
  async function accountsOf(userId: string) {
    await hold(userId, "1");
    const { rows } = await sql.query<{ id: string; kind: string }>(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1`, [userId]);
    return (kind: string) => rows.find((a) => a.kind === kind)!.id;
  }

  async function refusedAtCommit(statements: (client: pg.Client) => Promise<unknown>, message: RegExp) {
    await sql.query("BEGIN");
    try {
      await statements(sql);
    } catch (error) {
      await sql.query("ROLLBACK");
      throw error;
    }
    await expect(sql.query("COMMIT")).rejects.toThrow(message);
  }

  it("refuses a resolution of another user's pending journal", async () => {
    const owner = await funded("100");
    const other = await funded("100");
    const pendingId = await hold(owner, "50");
    await expect(
      sql.query(
        `INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id) VALUES ('void', 'void', 'x', $1, $2)`,
        [other, pendingId],
      ),
    ).rejects.toThrow(/must belong to its user/);
  });

  it("refuses a post that releases less than the pending amount holds", async () => {
    const buyer = await funded("100");
    const account = await accountsOf(buyer);
    const pendingId = await hold(buyer, "50");
    const fees = (await sql.query(`SELECT id FROM ledger_accounts WHERE kind = 'fees'`)).rows[0]?.id;
    const feesId =
      fees ?? (await sql.query(`INSERT INTO ledger_accounts (code, kind) VALUES ('platform:fees', 'fees') RETURNING id`)).rows[0].id;
    await refusedAtCommit(
      (client) =>
        client.query(
          `WITH j AS (INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id)
                      VALUES ('settlement', 'post', 'short', $1, $2) RETURNING id)
           INSERT INTO ledger_postings (journal_id, account_id, amount)
           SELECT j.id, a, amt FROM j, (VALUES ($3::uuid, -40::numeric), ($4::uuid, 40::numeric)) v(a, amt)`,
          [buyer, pendingId, account("user_held"), feesId],
        ),
      /must release exactly/,
    );
    expect(await resolutionsOf(pendingId)).toBe(0);
  });

  it("refuses a post whose kind does not follow its pending journal's", async () => {
    const buyer = await funded("100");
    const pendingId = await hold(buyer, "50");
    await expect(
      sql.query(
        `INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id) VALUES ('withdrawal', 'post', 'x', $1, $2)`,
        [buyer, pendingId],
      ),
    ).rejects.toThrow(/a post of a buyer_hold journal is a settlement/);
  });

  it("refuses a post after the expiry", async () => {
    const buyer = await funded("100");
    const pendingId = await hold(buyer, "50", { createdAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() - HOUR) });
    await expect(
      sql.query(
        `INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id) VALUES ('settlement', 'post', 'late', $1, $2)`,
        [buyer, pendingId],
      ),
    ).rejects.toThrow(/expired at .* can only be voided/);
  });

  it("refuses a single-phase journal that touches a held balance", async () => {
    const user = await funded("100");
    const account = await accountsOf(user);
    await refusedAtCommit(
      (client) =>
        client.query(
          `WITH j AS (INSERT INTO ledger_journals (kind, description) VALUES ('adjustment', 'sneaky hold') RETURNING id)
           INSERT INTO ledger_postings (journal_id, account_id, amount)
           SELECT j.id, a, amt FROM j, (VALUES ($1::uuid, -10::numeric), ($2::uuid, 10::numeric)) v(a, amt)`,
          [account("user_available"), account("user_held")],
        ),
      /only a pending journal and its resolution may/,
    );
  });

  it("refuses a journal kind outside the closed set", async () => {
    await expect(sql.query(`INSERT INTO ledger_journals (kind, description) VALUES ('hold', 'x')`)).rejects.toThrow(
      /invalid input value for enum ledger_journal_kind/,
    );
  });

  it("refuses a pending journal without an expiry, or expiring before it starts", async () => {
    const user = await funded("100");
    await expect(
      sql.query(`INSERT INTO ledger_journals (kind, phase, description, user_id) VALUES ('buyer_hold', 'pending', 'x', $1)`, [user]),
    ).rejects.toThrow(/ledger_journals_two_phase_columns/);
    await expect(hold(user, "10", { expiresAt: new Date(Date.now() - HOUR) })).rejects.toBeInstanceOf(LedgerError);
  });
});

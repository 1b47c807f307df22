import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { platformCash, platformFees, userAvailable } from "./accounts.server";
import { checkLedger } from "./check-ledger.server";
import { createPendingJournal, postPendingJournal } from "./pending-journals.server";
import { postJournal } from "./post-journal.server";

// Each case breaks the books behind the domain's back, as a bug or a hand edit would,
// and checkLedger must name what is wrong.
const db = useTestDatabase();
let sql: pg.Client;

beforeAll(async () => {
  sql = new pg.Client({ connectionString: db.current.url });
  await sql.connect();
});
afterAll(() => sql.end());

async function userWithHold(deposit: string, held: string) {
  const user = await createUser(db.current.prisma);
  const pendingJournalId = await db.current.prisma.$transaction(async (tx) => {
    await postJournal(tx, {
      kind: "deposit",
      description: "Funds added",
      postings: [
        { account: userAvailable(user.id), amount: deposit },
        { account: platformCash, amount: `-${deposit}` },
      ],
    });
    const { journalId } = await createPendingJournal(tx, {
      kind: "withdrawal_hold",
      userId: user.id,
      amount: held,
      expiresAt: new Date(Date.now() + 86_400_000),
      description: "Withdrawal requested",
    });
    return journalId;
  });
  return { userId: user.id, pendingJournalId };
}

describe("checkLedger and held balances", () => {
  it("is clean while held balances equal the open pending journals", async () => {
    await userWithHold("1000", "250.50");
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("names the account whose held balance does not match its pending journals", async () => {
    const { userId } = await userWithHold("1000", "500");
    await sql.query(`UPDATE escrow_balances SET held_balance = 400 WHERE user_id = $1`, [userId]);
    const problems = await checkLedger(db.current.prisma);
    expect(problems).toContainEqual({
      account: `user:${userId}:held`,
      problem: "held balance shows 400.00 but open pending journals hold 500.00",
    });
    await sql.query(`UPDATE escrow_balances SET held_balance = 500 WHERE user_id = $1`, [userId]);
    expect(await checkLedger(db.current.prisma)).toEqual([]);
  });

  it("catches held money that no pending journal accounts for, even when the postings agree with the wallet", async () => {
    const { userId } = await userWithHold("1000", "100");
    const { rows } = await sql.query<{ id: string; kind: string }>(`SELECT id, kind FROM ledger_accounts WHERE user_id = $1`, [userId]);
    const account = (kind: string) => rows.find((a) => a.kind === kind)!.id;
    // With triggers off (replica role), a single journal moves 50 into held and the wallet follows:
    // postings and cache agree, but no pending journal holds that 50.
    await sql.query("BEGIN");
    await sql.query("SET LOCAL session_replication_role = replica");
    await sql.query(
      `WITH j AS (INSERT INTO ledger_journals (kind, description) VALUES ('adjustment', 'stray hold') RETURNING id)
       INSERT INTO ledger_postings (journal_id, account_id, amount)
       SELECT j.id, a, amt FROM j, (VALUES ($1::uuid, -50::numeric), ($2::uuid, 50::numeric)) v(a, amt)`,
      [account("user_available"), account("user_held")],
    );
    await sql.query(
      `UPDATE escrow_balances SET available_balance = available_balance - 50, held_balance = held_balance + 50 WHERE user_id = $1`,
      [userId],
    );
    await sql.query("COMMIT");
    expect(await checkLedger(db.current.prisma)).toEqual([
      { account: `user:${userId}:held`, problem: "held balance shows 150.00 but open pending journals hold 100.00" },
    ]);
  });

  it("names a pending journal resolved twice (were the unique index ever lost)", async () => {
    const { pendingJournalId } = await userWithHold("1000", "300");
    await db.current.prisma.$transaction((tx) =>
      postPendingJournal(tx, { pendingJournalId, destinations: [{ account: platformFees, amount: "300" }], description: "paid out" }),
    );
    const [resolution] = (
      await sql.query<{ id: string; user_id: string }>(`SELECT id, user_id FROM ledger_journals WHERE pending_journal_id = $1`, [
        pendingJournalId,
      ])
    ).rows;
    await sql.query("BEGIN");
    await sql.query("SET LOCAL session_replication_role = replica");
    await sql.query(`DROP INDEX ledger_journals_pending_journal_id_key`);
    await sql.query(
      `INSERT INTO ledger_journals (kind, phase, description, user_id, pending_journal_id)
       SELECT kind, phase, 'again', user_id, pending_journal_id FROM ledger_journals WHERE id = $1`,
      [resolution!.id],
    );
    await sql.query("COMMIT");
    const problems = await checkLedger(db.current.prisma);
    expect(problems).toContainEqual({ account: `journal:${pendingJournalId}`, problem: "resolved 2 times" });
  });
});

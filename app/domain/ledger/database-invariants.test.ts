import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { JOURNAL_KINDS } from "./journal-kinds.server";

// These go around the domain code on purpose: the database itself must refuse.
const db = useTestDatabase();
let client: pg.Client;

beforeEach(async () => {
  client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
});
afterEach(async () => {
  await client.end();
});

async function insertBalancedJournal(amount = "100.00") {
  const user = await createUser(db.current.prisma);
  await client.query("BEGIN");
  const account = await client.query<{ id: string }>(
    `INSERT INTO ledger_accounts (code, kind, user_id) VALUES ($1, 'user_available', $2) RETURNING id`,
    [`user:${user.id}:available`, user.id],
  );
  const cash = await client.query<{ id: string }>(
    `INSERT INTO ledger_accounts (code, kind) VALUES ('platform:cash', 'platform_cash')
     ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code RETURNING id`,
  );
  const journal = await client.query<{ id: string }>(
    `INSERT INTO ledger_journals (kind, description) VALUES ('deposit', 'test') RETURNING id`,
  );
  const journalId = journal.rows[0]!.id;
  await client.query(`INSERT INTO ledger_postings (journal_id, account_id, amount) VALUES ($1, $2, $3), ($1, $4, -$3::numeric)`, [
    journalId,
    account.rows[0]!.id,
    amount,
    cash.rows[0]!.id,
  ]);
  await client.query("COMMIT");
  return { journalId, userId: user.id };
}

describe("the database enforces the money invariants", () => {
  it("refuses a negative available or held wallet balance", async () => {
    const user = await createUser(db.current.prisma);
    await expect(client.query(`UPDATE escrow_balances SET available_balance = -0.01 WHERE user_id = $1`, [user.id])).rejects.toThrow(
      /escrow_balances_available_not_negative/,
    );
    await expect(client.query(`UPDATE escrow_balances SET held_balance = -5 WHERE user_id = $1`, [user.id])).rejects.toThrow(
      /escrow_balances_held_not_negative/,
    );
    const wallet = await db.current.prisma.escrowBalance.findUniqueOrThrow({ where: { userId: user.id } });
    expect(wallet.availableBalance.toString()).toBe("0");
  });

  it("refuses to update, delete or truncate a posting", async () => {
    const { journalId } = await insertBalancedJournal();
    await expect(client.query(`UPDATE ledger_postings SET amount = 999 WHERE journal_id = $1`, [journalId])).rejects.toThrow(/immutable/);
    await expect(client.query(`DELETE FROM ledger_postings WHERE journal_id = $1`, [journalId])).rejects.toThrow(/immutable/);
    await expect(client.query(`TRUNCATE ledger_postings CASCADE`)).rejects.toThrow(/immutable/);
    await expect(client.query(`UPDATE ledger_journals SET description = 'x' WHERE id = $1`, [journalId])).rejects.toThrow(/immutable/);
    const { rows } = await client.query(`SELECT amount FROM ledger_postings WHERE journal_id = $1 ORDER BY amount`, [journalId]);
    expect(rows.map((r) => r.amount)).toEqual(["-100.00", "100.00"]);
  });

  it("refuses at commit a journal whose postings do not sum to zero", async () => {
    const user = await createUser(db.current.prisma);
    await client.query("BEGIN");
    const account = await client.query<{ id: string }>(
      `INSERT INTO ledger_accounts (code, kind, user_id) VALUES ($1, 'user_available', $2) RETURNING id`,
      [`user:${user.id}:available`, user.id],
    );
    const cash = await client.query<{ id: string }>(
      `INSERT INTO ledger_accounts (code, kind) VALUES ('platform:cash-x', 'platform_cash') RETURNING id`,
    );
    const journal = await client.query<{ id: string }>(
      `INSERT INTO ledger_journals (kind, description) VALUES ('deposit', 'lopsided') RETURNING id`,
    );
    await client.query(`INSERT INTO ledger_postings (journal_id, account_id, amount) VALUES ($1, $2, 100), ($1, $3, -99.99)`, [
      journal.rows[0]!.id,
      account.rows[0]!.id,
      cash.rows[0]!.id,
    ]);
    await expect(client.query("COMMIT")).rejects.toThrow(/unbalanced/);
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ledger_journals WHERE description = 'lopsided'`);
    expect(rows[0].n).toBe(0);
  });

  it("refuses at commit a posting added later to a journal written earlier", async () => {
    const { journalId } = await insertBalancedJournal();
    const cash = await client.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE code = 'platform:cash'`);
    await client.query("BEGIN");
    await client.query(`INSERT INTO ledger_postings (journal_id, account_id, amount) VALUES ($1, $2, 5)`, [journalId, cash.rows[0]!.id]);
    await expect(client.query("COMMIT")).rejects.toThrow(/unbalanced/);
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ledger_postings WHERE journal_id = $1`, [journalId]);
    expect(rows[0].n).toBe(2);
  });

  it("refuses a journal with no postings", async () => {
    await client.query("BEGIN");
    await client.query(`INSERT INTO ledger_journals (kind, description) VALUES ('deposit', 'empty')`);
    await expect(client.query("COMMIT")).rejects.toThrow(/unbalanced/);
  });

  it("keeps share counts in range", async () => {
    const property = await createProperty(db.current.prisma, { availableShares: 10 });
    await expect(client.query(`UPDATE properties SET available_shares = -1 WHERE id = $1`, [property.id])).rejects.toThrow(
      /properties_available_shares_in_range/,
    );
    const seller = await createUser(db.current.prisma);
    const insertListing = (shares: number, remaining: number) =>
      client.query(
        `INSERT INTO share_sell_requests (seller_id, property_id, shares_to_sell, remaining_shares, price_per_share, total_amount, expires_at)
         VALUES ($1, $2, $3, $4, 100, 100, now() + interval '30 days')`,
        [seller.id, property.id, shares, remaining],
      );
    await expect(insertListing(5, 6)).rejects.toThrow(/share_sell_requests_remaining_in_range/);
    await expect(insertListing(5, -1)).rejects.toThrow(/share_sell_requests_remaining_in_range/);
    await expect(insertListing(5, 5)).resolves.toBeDefined();
  });

  it("keeps idempotency keys unique", async () => {
    const { userId } = await insertBalancedJournal();
    const insertTransaction = () =>
      client.query(`INSERT INTO transactions (user_id, transaction_type, amount, idempotency_key) VALUES ($1, 'deposit', 10, 'key-1')`, [
        userId,
      ]);
    await insertTransaction();
    await expect(insertTransaction()).rejects.toThrow(/transactions_idempotency_key_key/);
  });

  it("knows exactly the journal kinds the code knows, and no other", async () => {
    const { rows } = await client.query<{ label: string }>(
      `SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
        WHERE t.typname = 'ledger_journal_kind' ORDER BY e.enumsortorder`,
    );
    expect(rows.map((r) => r.label)).toEqual([...JOURNAL_KINDS]);
  });
});

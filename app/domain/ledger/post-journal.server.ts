import { Prisma } from "~/services/db.server";
import { Decimal, hasAtMostPaise } from "~/lib/money";
import { accountCode, type AccountRef } from "./accounts.server";
import { DuplicateJournalError, InsufficientFundsError, LedgerError } from "./errors.server";

export type PostingInput = { account: AccountRef; amount: Decimal.Value };

export type JournalInput = {
  kind: string;
  description: string;
  postings: PostingInput[];
  idempotencyKey?: string;
  createdBy?: string;
  /** Back-dates the journal (demo data only); defaults to now. */
  createdAt?: Date;
};

type Tx = Prisma.TransactionClient;

/**
 * Writes one balanced journal and moves the cached wallet balances in the same
 * transaction. This is the only code that writes `escrow_balances`. The wallet update
 * is conditional (`... WHERE balance + delta >= 0`), so PostgreSQL, not this code,
 * decides a race between two debits of one wallet; the loser gets
 * InsufficientFundsError and its transaction must roll back.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<{ journalId: string }> {
  const postings = validatePostings(input.postings);

  const codes = postings.map((p) => accountCode(p.account));
  const accountIds = await ensureAccounts(tx, postings.map((p) => p.account));

  let journalId: string;
  try {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO ledger_journals (kind, description, idempotency_key, created_by, created_at)
      VALUES (${input.kind}, ${input.description}, ${input.idempotencyKey ?? null},
              ${input.createdBy ?? null}::uuid, ${input.createdAt ?? new Date()})
      RETURNING id`;
    journalId = rows[0]!.id;
  } catch (error) {
    if (input.idempotencyKey && isUniqueViolation(error)) throw new DuplicateJournalError(input.idempotencyKey);
    throw error;
  }

  for (const [index, posting] of postings.entries()) {
    await tx.$executeRaw`
      INSERT INTO ledger_postings (journal_id, account_id, amount, created_at)
      VALUES (${journalId}::uuid, ${accountIds.get(codes[index]!)}::uuid, ${posting.amount.toFixed(2)}::numeric,
              ${input.createdAt ?? new Date()})`;
  }

  await applyToWallets(tx, postings);
  return { journalId };
}

function validatePostings(postings: PostingInput[]) {
  if (postings.length < 2) throw new LedgerError("A journal needs at least two postings");
  const normalised = postings.map((p) => {
    const amount = new Decimal(p.amount);
    if (!amount.isFinite() || amount.isZero()) throw new LedgerError("A posting amount must be a non-zero number");
    if (!hasAtMostPaise(amount)) throw new LedgerError("A posting amount has at most 2 decimals");
    return { account: p.account, amount };
  });
  const total = normalised.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  if (!total.isZero()) throw new LedgerError(`Postings must sum to zero, not ${total.toFixed(2)}`);
  return normalised;
}

async function ensureAccounts(tx: Tx, accounts: AccountRef[]): Promise<Map<string, string>> {
  const unique = new Map(accounts.map((a) => [accountCode(a), a]));
  for (const [code, account] of unique) {
    const userId = "userId" in account ? account.userId : null;
    const propertyId = "propertyId" in account ? account.propertyId : null;
    await tx.$executeRaw`
      INSERT INTO ledger_accounts (code, kind, user_id, property_id)
      VALUES (${code}, ${account.kind}::ledger_account_kind, ${userId}::uuid, ${propertyId})
      ON CONFLICT (code) DO NOTHING`;
  }
  const rows = await tx.$queryRaw<{ id: string; code: string }[]>`
    SELECT id, code FROM ledger_accounts WHERE code = ANY(${[...unique.keys()]}::text[])`;
  return new Map(rows.map((row) => [row.code, row.id]));
}

async function applyToWallets(tx: Tx, postings: { account: AccountRef; amount: Decimal }[]) {
  const deltas = new Map<string, { available: Decimal; held: Decimal }>();
  for (const { account, amount } of postings) {
    if (account.kind !== "user_available" && account.kind !== "user_held") continue;
    const delta = deltas.get(account.userId) ?? { available: new Decimal(0), held: new Decimal(0) };
    if (account.kind === "user_available") delta.available = delta.available.plus(amount);
    else delta.held = delta.held.plus(amount);
    deltas.set(account.userId, delta);
  }
  // A fixed lock order (by user id) keeps two journals touching the same wallets from deadlocking.
  for (const userId of [...deltas.keys()].sort()) {
    const { available, held } = deltas.get(userId)!;
    await tx.$executeRaw`INSERT INTO escrow_balances (user_id) VALUES (${userId}::uuid) ON CONFLICT (user_id) DO NOTHING`;
    const updated = await tx.$executeRaw`
      UPDATE escrow_balances
         SET available_balance = available_balance + ${available.toFixed(2)}::numeric,
             held_balance = held_balance + ${held.toFixed(2)}::numeric,
             updated_at = now()
       WHERE user_id = ${userId}::uuid
         AND available_balance + ${available.toFixed(2)}::numeric >= 0
         AND held_balance + ${held.toFixed(2)}::numeric >= 0`;
    if (updated !== 1) throw new InsufficientFundsError(userId);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return (
    (error as { code?: string })?.code === "P2002" ||
    /23505|unique constraint|duplicate key/i.test(text)
  );
}

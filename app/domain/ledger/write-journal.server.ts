import { Decimal, hasAtMostPaise } from "~/lib/money";
import { classifyDatabaseFailure, type Tx } from "~/services/db.server";
import { accountCode, type AccountRef } from "./accounts.server";
import {
  DuplicateJournalError,
  InsufficientFundsError,
  LedgerError,
  PendingAlreadyResolvedError,
  PendingExpiredError,
} from "./errors.server";
import type { JournalKind } from "./journal-kinds.server";
import { type LedgerJournalPhase } from "~/lib/enums";

export type PostingInput = { account: AccountRef; amount: Decimal.Value };
export type Posting = { account: AccountRef; amount: Decimal };
export type JournalPhase = LedgerJournalPhase;

/** One journal as the database stores it; the public commands build these. */
export type JournalRecord = {
  kind: JournalKind;
  phase: JournalPhase;
  description: string;
  postings: Posting[];
  idempotencyKey?: string;
  createdBy?: string;
  /** Back-dates the journal (demo data only); defaults to the database's now(). */
  createdAt?: Date;
  /** The user whose money a pending journal holds (and its resolution releases). */
  userId?: string;
  expiresAt?: Date;
  pendingJournalId?: string;
  reversesJournalId?: string;
};

/** Amounts as NUMERIC(16,2) keeps them: non-zero, finite, at most paise. */
export function validatePostings(postings: PostingInput[]): Posting[] {
  if (postings.length < 2) throw new LedgerError("A journal needs at least two postings");
  const normalised = postings.map((p) => ({ account: p.account, amount: positiveOrNegativePaise(p.amount) }));
  const total = normalised.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  if (!total.isZero()) throw new LedgerError(`Postings must sum to zero, not ${total.toFixed(2)}`);
  return normalised;
}

function positiveOrNegativePaise(value: Decimal.Value): Decimal {
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    throw new LedgerError("A posting amount must be a non-zero number");
  }
  if (!amount.isFinite() || amount.isZero()) throw new LedgerError("A posting amount must be a non-zero number");
  if (!hasAtMostPaise(amount)) throw new LedgerError("A posting amount has at most 2 decimals");
  return amount;
}

/**
 * Writes one journal in two statements whatever its number of postings: one resolves (and
 * creates) its accounts and wallets, one inserts the journal, all its postings and moves the
 * wallets. The wallet deltas are summed by PostgreSQL from the postings it just wrote, the
 * wallet rows are locked in user-id order (so two journals over the same wallets cannot
 * deadlock), and an overdraft is refused by the wallet's CHECK, which fails the whole
 * statement: no journal is left behind, and the transaction can only roll back.
 */
export async function writeJournal(tx: Tx, journal: JournalRecord): Promise<{ journalId: string }> {
  const accountIds = await resolveAccounts(
    tx,
    journal.postings.map((p) => p.account),
  );
  const ids = journal.postings.map((p) => accountIds.get(accountCode(p.account))!);
  const amounts = journal.postings.map((p) => p.amount.toFixed(2));
  let rows: { id: string; wallets_moved: number; wallets_expected: number }[];
  try {
    rows = await tx.$queryRaw`
      WITH journal AS (
        INSERT INTO ledger_journals (kind, phase, description, idempotency_key, created_by, created_at,
                                     user_id, expires_at, pending_journal_id, reverses_journal_id)
        VALUES (${journal.kind}::ledger_journal_kind, ${journal.phase}::ledger_journal_phase, ${journal.description},
                ${journal.idempotencyKey ?? null}, ${journal.createdBy ?? null}::uuid,
                COALESCE(${journal.createdAt ?? null}::timestamptz, now()), ${journal.userId ?? null}::uuid,
                ${journal.expiresAt ?? null}::timestamptz, ${journal.pendingJournalId ?? null}::uuid,
                ${journal.reversesJournalId ?? null}::uuid)
        RETURNING id, created_at
      ), posted AS (
        INSERT INTO ledger_postings (journal_id, account_id, amount, created_at)
        SELECT journal.id, leg.account_id, leg.amount, journal.created_at
          FROM journal, unnest(${ids}::uuid[], ${amounts}::numeric[]) AS leg(account_id, amount)
        RETURNING account_id, amount
      ), deltas AS (
        SELECT a.user_id,
               COALESCE(SUM(p.amount) FILTER (WHERE a.kind = 'user_available'), 0) AS available,
               COALESCE(SUM(p.amount) FILTER (WHERE a.kind = 'user_held'), 0) AS held
          FROM posted p JOIN ledger_accounts a ON a.id = p.account_id
         WHERE a.kind IN ('user_available', 'user_held')
         GROUP BY a.user_id
      ), locked AS (
        SELECT e.user_id FROM escrow_balances e
         WHERE e.user_id IN (SELECT user_id FROM deltas)
         ORDER BY e.user_id
           FOR NO KEY UPDATE
      ), moved AS (
        UPDATE escrow_balances e
           SET available_balance = e.available_balance + d.available,
               held_balance = e.held_balance + d.held,
               updated_at = now()
          FROM deltas d JOIN locked l ON l.user_id = d.user_id
         WHERE e.user_id = d.user_id
        RETURNING e.user_id
      )
      SELECT journal.id::text AS id,
             (SELECT count(*) FROM moved)::int AS wallets_moved,
             (SELECT count(*) FROM deltas)::int AS wallets_expected
        FROM journal`;
  } catch (error) {
    throw translateFailure(error, journal);
  }
  const [row] = rows;
  // resolveAccounts created every wallet this journal touches, so this is a bug, not a race.
  if (!row || row.wallets_moved !== row.wallets_expected) {
    throw new LedgerError("A wallet this journal moves is missing; the transaction must roll back");
  }
  return { journalId: row.id };
}

const MISSING_ACCOUNT_RETRIES = 2;

/**
 * The account ids for these refs, creating accounts (and the wallet rows of their users)
 * that do not exist yet, in one statement. An account another transaction created after
 * this statement's snapshot is skipped by ON CONFLICT yet invisible to its SELECT; reading
 * again in a new statement finds it.
 */
async function resolveAccounts(tx: Tx, accounts: AccountRef[]): Promise<Map<string, string>> {
  const unique = new Map(accounts.map((a) => [accountCode(a), a]));
  const codes = [...unique.keys()].sort();
  const refs = codes.map((code) => unique.get(code)!);
  const kinds = refs.map((a) => a.kind);
  const userIds = refs.map((a) => ("userId" in a ? a.userId : null));
  const propertyIds = refs.map((a) => ("propertyId" in a ? a.propertyId : null));
  for (let attempt = 0; ; attempt++) {
    const rows = await tx.$queryRaw<{ id: string; code: string }[]>`
      WITH wanted AS (
        SELECT * FROM unnest(${codes}::text[], ${kinds}::ledger_account_kind[], ${userIds}::uuid[], ${propertyIds}::text[])
          AS w(code, kind, user_id, property_id)
      ), created AS (
        INSERT INTO ledger_accounts (code, kind, user_id, property_id)
        SELECT code, kind, user_id, property_id FROM wanted ORDER BY code
        ON CONFLICT (code) DO NOTHING
        RETURNING id, code
      ), wallets AS (
        INSERT INTO escrow_balances (user_id)
        SELECT DISTINCT user_id FROM wanted WHERE user_id IS NOT NULL ORDER BY user_id
        ON CONFLICT (user_id) DO NOTHING
      )
      SELECT id::text AS id, code FROM created
      UNION ALL
      SELECT a.id::text, a.code FROM ledger_accounts a WHERE a.code = ANY(${codes}::text[])`;
    const found = new Map(rows.map((row) => [row.code, row.id]));
    if (found.size === codes.length) return found;
    if (attempt >= MISSING_ACCOUNT_RETRIES) throw new LedgerError(`Ledger accounts could not be resolved: ${codes.join(", ")}`);
  }
}

function translateFailure(error: unknown, journal: JournalRecord): unknown {
  const failure = classifyDatabaseFailure(error);
  const text = errorText(error);
  if (failure === "unique_violation") {
    if (journal.pendingJournalId && /pending_journal_id/.test(text)) return new PendingAlreadyResolvedError(journal.pendingJournalId);
    if (journal.idempotencyKey && /idempotency_key/.test(text)) return new DuplicateJournalError(journal.idempotencyKey);
    if (journal.reversesJournalId && /reverses_journal_id/.test(text)) {
      return new LedgerError("This journal has already been reversed.", "already_reversed", 409);
    }
    return error;
  }
  if (failure === "check_violation") {
    if (/escrow_balances_available_not_negative/.test(text)) return new InsufficientFundsError(overdrawnUser(text, journal));
    if (/ledger: pending journal .* expired/.test(text) && journal.pendingJournalId) {
      return new PendingExpiredError(journal.pendingJournalId);
    }
    return new LedgerError(`The ledger refused the journal: ${firstLine(text)}`);
  }
  return error;
}

/** The wallet the database refused, from its "Failing row contains (user_id, ...)" detail when present. */
function overdrawnUser(text: string, journal: JournalRecord): string {
  const fromDetail = /Failing row contains \(([0-9a-f-]{36})/i.exec(text)?.[1];
  if (fromDetail) return fromDetail;
  const debited = journal.postings.find((p) => p.account.kind === "user_available" && p.amount.isNegative());
  return debited && "userId" in debited.account ? debited.account.userId : "unknown";
}

function errorText(error: unknown, seen = new Set<unknown>()): string {
  if (!error || typeof error !== "object" || seen.has(error)) return typeof error === "string" ? error : "";
  seen.add(error);
  const record = error as Record<string, unknown>;
  const parts = Object.values(record).map((value) => (typeof value === "string" ? value : errorText(value, seen)));
  if (typeof record.message === "string") parts.push(record.message);
  return parts.filter(Boolean).join(" | ");
}

function firstLine(text: string): string {
  const ledgerMessage = /(ledger: [^|\n]+|journal [^|\n]+|resolution [^|\n]+|void [^|\n]+)/.exec(text)?.[1];
  return (ledgerMessage ?? text.split("\n")[0] ?? "").slice(0, 300);
}

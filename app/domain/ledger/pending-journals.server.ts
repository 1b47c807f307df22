import { Decimal, hasAtMostPaise } from "~/lib/money";
import type { Db, Tx } from "~/services/db.server";
import { userAvailable, userHeld, type AccountRef } from "./accounts.server";
import { LedgerError, PendingAlreadyResolvedError, PendingExpiredError, PendingNotFoundError } from "./errors.server";
import type { JournalKind, PendingJournalKind } from "./journal-kinds.server";
import { writeJournal, type Posting } from "./write-journal.server";
import { isUuid } from "~/lib/uuid";

export type PendingJournalInput = {
  kind: PendingJournalKind;
  userId: string;
  amount: Decimal.Value;
  expiresAt: Date;
  description: string;
  idempotencyKey?: string;
  createdBy?: string;
  /** Back-dates the journal (demo data and tests only); defaults to now. */
  createdAt?: Date;
};

/**
 * Phase one: moves `amount` from the user's available to held balance until `expiresAt`.
 * Refused with InsufficientFundsError when available does not cover it (the wallet's CHECK
 * decides, so two holds racing for the same rupees cannot both win).
 */
export async function createPendingJournal(tx: Tx, input: PendingJournalInput): Promise<{ journalId: string }> {
  const amount = positivePaise(input.amount, "A held amount");
  return writeJournal(tx, {
    kind: input.kind,
    phase: "pending",
    description: input.description,
    postings: [
      { account: userAvailable(input.userId), amount: amount.negated() },
      { account: userHeld(input.userId), amount },
    ],
    userId: input.userId,
    expiresAt: input.expiresAt,
    idempotencyKey: input.idempotencyKey,
    createdBy: input.createdBy,
    createdAt: input.createdAt,
  });
}

export type PostPendingInput = {
  pendingJournalId: string;
  /** Where the held money goes; together at most the pending amount. */
  destinations: { account: AccountRef; amount: Decimal.Value }[];
  description: string;
  idempotencyKey?: string;
  createdBy?: string;
  /** Back-dates the post (demo data only): the hold must still be live at that moment. */
  createdAt?: Date;
};

/**
 * Phase two, post: releases the whole held amount, sends `destinations` their amounts and
 * returns the rest to the user's available balance, in one journal. Before the expiry only,
 * and at most once: a second resolution (post or void, from any connection) is refused by
 * the unique index on the resolution's pending_journal_id and answers
 * PendingAlreadyResolvedError.
 */
export async function postPendingJournal(
  tx: Tx,
  input: PostPendingInput,
): Promise<{ journalId: string; posted: string; returned: string }> {
  const pending = await readOpenPending(tx, input.pendingJournalId, input.createdAt);
  if (pending.expired) throw new PendingExpiredError(input.pendingJournalId);
  if (input.destinations.length === 0) throw new LedgerError("A post needs at least one destination; void the hold instead");
  const destinations = input.destinations.map((d) => {
    if (d.account.kind === "user_held") throw new LedgerError("A post cannot move money into a held balance");
    return { account: d.account, amount: positivePaise(d.amount, "A posted amount") };
  });
  const posted = destinations.reduce((sum, d) => sum.plus(d.amount), new Decimal(0));
  const returned = pending.amount.minus(posted);
  if (returned.isNegative()) {
    throw new LedgerError(
      `A post moves at most the pending ${pending.amount.toFixed(2)}, not ${posted.toFixed(2)}`,
      "exceeds_pending",
      422,
    );
  }
  const postings: Posting[] = [{ account: userHeld(pending.userId), amount: pending.amount.negated() }, ...destinations];
  if (!returned.isZero()) postings.push({ account: userAvailable(pending.userId), amount: returned });
  const { journalId } = await writeJournal(tx, {
    kind: pending.postKind,
    phase: "post",
    description: input.description,
    postings,
    userId: pending.userId,
    pendingJournalId: input.pendingJournalId,
    idempotencyKey: input.idempotencyKey,
    createdBy: input.createdBy,
    createdAt: input.createdAt,
  });
  return { journalId, posted: posted.toFixed(2), returned: returned.toFixed(2) };
}

export type VoidPendingInput = {
  pendingJournalId: string;
  /** Why: the void journal's description ("Expired", "Cancelled by the buyer", ...). */
  reason: string;
  createdBy?: string;
};

/**
 * Phase two, void: returns the whole held amount to the user's available balance. Allowed
 * before or after the expiry, at most once (see postPendingJournal).
 */
export async function voidPendingJournal(tx: Tx, input: VoidPendingInput): Promise<{ journalId: string }> {
  const pending = await readOpenPending(tx, input.pendingJournalId);
  return writeJournal(tx, {
    kind: "void",
    phase: "void",
    description: input.reason,
    postings: [
      { account: userHeld(pending.userId), amount: pending.amount.negated() },
      { account: userAvailable(pending.userId), amount: pending.amount },
    ],
    userId: pending.userId,
    pendingJournalId: input.pendingJournalId,
    createdBy: input.createdBy,
  });
}

type OpenPending = { userId: string; amount: Decimal; postKind: JournalKind; expired: boolean };

/**
 * The pending journal as the resolution needs it, in one statement. It answers early for
 * the plain cases; a resolution committed after this read is still refused, by the index.
 */
async function readOpenPending(db: Db, pendingJournalId: string, at?: Date): Promise<OpenPending> {
  if (!isUuid(pendingJournalId)) throw new PendingNotFoundError(pendingJournalId);
  const [row] = await db.$queryRaw<{ user_id: string; amount: string; post_kind: JournalKind; expired: boolean; resolved: boolean }[]>`
    SELECT j.user_id::text AS user_id,
           ledger_post_kind(j.kind)::text AS post_kind,
           j.expires_at <= COALESCE(${at ?? null}::timestamptz, now()) AS expired,
           (SELECT p.amount::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.journal_id = j.id AND a.kind = 'user_held') AS amount,
           EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id) AS resolved
      FROM ledger_journals j
     WHERE j.id = ${pendingJournalId}::uuid AND j.phase = 'pending'`;
  if (!row) throw new PendingNotFoundError(pendingJournalId);
  if (row.resolved) throw new PendingAlreadyResolvedError(pendingJournalId);
  return { userId: row.user_id, amount: new Decimal(row.amount), postKind: row.post_kind, expired: row.expired };
}

function positivePaise(value: Decimal.Value, what: string): Decimal {
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    throw new LedgerError(`${what} must be a number`);
  }
  if (!amount.isFinite() || amount.lte(0)) throw new LedgerError(`${what} must be above zero`);
  if (!hasAtMostPaise(amount)) throw new LedgerError(`${what} has at most 2 decimals`);
  return amount;
}

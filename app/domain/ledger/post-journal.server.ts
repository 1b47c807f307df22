import type { Tx } from "~/services/db.server";
import { LedgerError } from "./errors.server";
import type { SingleJournalKind } from "./journal-kinds.server";
import { validatePostings, writeJournal, type PostingInput } from "./write-journal.server";

export type { PostingInput } from "./write-journal.server";

export type JournalInput = {
  kind: SingleJournalKind;
  description: string;
  postings: PostingInput[];
  idempotencyKey?: string;
  createdBy?: string;
  /** Back-dates the journal (demo data only); defaults to now. */
  createdAt?: Date;
  /** For a `reversal`: the journal it undoes (each journal is reversed at most once). */
  reversesJournalId?: string;
};

/**
 * Writes one balanced, single-phase journal and moves the cached wallet balances in the
 * same transaction, in a constant number of statements whatever its number of postings.
 * The ledger's writer is the only code that writes `escrow_balances`. PostgreSQL, not this
 * code, decides a race between two debits of one wallet: the wallet's CHECK refuses the
 * overdraft, the loser gets InsufficientFundsError and its transaction must roll back.
 * A held balance is never moved here: that is what pending journals are for.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<{ journalId: string }> {
  const postings = validatePostings(input.postings);
  if (postings.some((p) => p.account.kind === "user_held")) {
    // The database refuses it too, but only at commit; saying so here names the cause.
    throw new LedgerError("A held balance moves only through a pending journal and its post or void");
  }
  return writeJournal(tx, {
    kind: input.kind,
    phase: "single",
    description: input.description,
    postings,
    idempotencyKey: input.idempotencyKey,
    createdBy: input.createdBy,
    createdAt: input.createdAt,
    reversesJournalId: input.reversesJournalId,
  });
}

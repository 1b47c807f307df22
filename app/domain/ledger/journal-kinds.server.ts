import { LedgerJournalKind } from "~/lib/enums";

/** Every kind a journal may have: the database's `ledger_journal_kind` enum, closed. */
export const JOURNAL_KINDS = Object.values(LedgerJournalKind);
export type JournalKind = LedgerJournalKind;

/** Kinds of a pending journal: money held until it is posted or voided. */
export type PendingJournalKind = "withdrawal_hold" | "buyer_hold";

/** Kinds only a resolution carries (a post's kind follows its pending journal's, in SQL). */
type ResolutionOnlyKind = "settlement" | "void";

/** Kinds of an ordinary, single-phase journal, written by `postJournal`. */
export type SingleJournalKind = Exclude<JournalKind, PendingJournalKind | ResolutionOnlyKind>;

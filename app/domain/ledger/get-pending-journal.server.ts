import type { Db } from "~/services/db.server";
import type { PendingJournalKind } from "./journal-kinds.server";
import { isUuid } from "~/lib/uuid";

export type PendingJournalView = {
  id: string;
  kind: PendingJournalKind;
  userId: string;
  /** What the pending journal holds, in rupees with paise. */
  amount: string;
  description: string;
  createdAt: Date;
  expiresAt: Date;
  status: "open" | "posted" | "voided";
  resolutionJournalId: string | null;
};

/** A pending journal and how (whether) it was resolved; null when no pending journal has this id. */
export async function getPendingJournal(db: Db, pendingJournalId: string): Promise<PendingJournalView | null> {
  if (!isUuid(pendingJournalId)) return null;
  const [row] = await db.$queryRaw<
    {
      id: string;
      kind: PendingJournalKind;
      user_id: string;
      amount: string;
      description: string;
      created_at: Date;
      expires_at: Date;
      resolution_phase: "post" | "void" | null;
      resolution_id: string | null;
    }[]
  >`
    SELECT j.id::text AS id, j.kind::text AS kind, j.user_id::text AS user_id, j.description,
           j.created_at, j.expires_at,
           (SELECT p.amount::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.journal_id = j.id AND a.kind = 'user_held') AS amount,
           r.phase::text AS resolution_phase, r.id::text AS resolution_id
      FROM ledger_journals j
      LEFT JOIN ledger_journals r ON r.pending_journal_id = j.id
     WHERE j.id = ${pendingJournalId}::uuid AND j.phase = 'pending'`;
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    amount: row.amount,
    description: row.description,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.resolution_phase === "post" ? "posted" : row.resolution_phase === "void" ? "voided" : "open",
    resolutionJournalId: row.resolution_id,
  };
}

/** The user's held balance (the wallet cache, which equals their open pending journals). */
export async function getHeldBalance(db: Db, userId: string): Promise<string> {
  const [row] = await db.$queryRaw<{ held: string }[]>`
    SELECT held_balance::text AS held FROM escrow_balances WHERE user_id = ${userId}::uuid`;
  return row?.held ?? "0.00";
}

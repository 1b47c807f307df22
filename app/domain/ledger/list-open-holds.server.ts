import type { Db } from "~/services/db.server";
import type { PendingJournalKind } from "./journal-kinds.server";

export type OpenHold = {
  journalId: string;
  kind: PendingJournalKind;
  userEmail: string;
  /** Rupees with paise. */
  amount: string;
  createdAt: Date;
  expiresAt: Date;
  /** Whole days since the hold was placed. */
  ageDays: number;
  /** The withdrawal request the hold belongs to, if any. */
  ticketId: string | null;
};

/**
 * Every hold still open (a pending journal with no post or void), oldest first, with the
 * total: what the admin must watch so no investor's money stays held without an owner.
 */
export async function listOpenHolds(db: Db, now = new Date(), limit = 20): Promise<{ total: number; holds: OpenHold[] }> {
  const rows = await db.$queryRaw<
    {
      journal_id: string;
      kind: PendingJournalKind;
      email: string;
      amount: string;
      created_at: Date;
      expires_at: Date;
      ticket_id: string | null;
      total: number;
    }[]
  >`
    SELECT j.id::text AS journal_id, j.kind::text AS kind, u.email, j.created_at, j.expires_at,
           (SELECT p.amount::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
             WHERE p.journal_id = j.id AND a.kind = 'user_held') AS amount,
           (SELECT t.id::text FROM support_tickets t WHERE t.hold_journal_id = j.id) AS ticket_id,
           COUNT(*) OVER ()::int AS total
      FROM ledger_journals j JOIN user_profiles u ON u.user_id = j.user_id
     WHERE j.phase = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
     ORDER BY j.created_at, j.id
     LIMIT ${limit}`;
  return {
    total: rows[0]?.total ?? 0,
    holds: rows.map((row) => ({
      journalId: row.journal_id,
      kind: row.kind,
      userEmail: row.email,
      amount: row.amount,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      ageDays: Math.floor((now.getTime() - row.created_at.getTime()) / 86_400_000),
      ticketId: row.ticket_id,
    })),
  };
}

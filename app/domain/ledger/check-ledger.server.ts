import type { Db } from "~/services/db.server";

export type LedgerProblem = { account: string; problem: string };

/**
 * Proves the wallet cache equals the ledger: for every user, escrow_balances must equal
 * the sum of the postings on their available and held accounts, every journal must
 * balance, the held balance must equal what the user's unresolved pending journals hold,
 * and no pending journal may be resolved more than once (nor anything but a pending
 * journal be resolved). Returns the differences found (none when the books are right).
 */
export async function checkLedger(prisma: Db): Promise<LedgerProblem[]> {
  const [walletRows, journalRows, heldRows, resolutionRows] = await Promise.all([
    walletsAgainstPostings(prisma),
    unbalancedJournals(prisma),
    heldAgainstOpenPending(prisma),
    misresolvedJournals(prisma),
  ]);
  return [
    ...walletRows.map((row) => ({
      account: `user:${row.user_id}:${row.kind === "user_available" ? "available" : "held"}`,
      problem: `wallet shows ${row.cached} but postings sum to ${row.posted}`,
    })),
    ...journalRows.map((row) => ({
      account: `journal:${row.id}`,
      problem: `${row.count} postings summing to ${row.total}`,
    })),
    ...heldRows.map((row) => ({
      account: `user:${row.user_id}:held`,
      problem: `held balance shows ${row.cached} but open pending journals hold ${row.pending}`,
    })),
    ...resolutionRows.map((row) => ({
      account: `journal:${row.id}`,
      problem: row.phase === "pending" ? `resolved ${row.resolutions} times` : `resolved as a pending journal, but it is ${row.phase}`,
    })),
  ];
}

function walletsAgainstPostings(prisma: Db) {
  return prisma.$queryRaw<{ user_id: string; kind: string; cached: string; posted: string }[]>`
    WITH posted AS (
      SELECT a.user_id, a.kind::text AS kind, SUM(p.amount) AS total
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.kind IN ('user_available', 'user_held')
       GROUP BY a.user_id, a.kind
    ), cached AS (
      SELECT user_id, 'user_available' AS kind, available_balance AS total FROM escrow_balances
      UNION ALL
      SELECT user_id, 'user_held', held_balance FROM escrow_balances
    )
    SELECT COALESCE(c.user_id, p.user_id)::text AS user_id, COALESCE(c.kind, p.kind) AS kind,
           COALESCE(c.total, 0)::text AS cached, COALESCE(p.total, 0)::text AS posted
      FROM cached c FULL OUTER JOIN posted p ON p.user_id = c.user_id AND p.kind = c.kind
     WHERE COALESCE(c.total, 0) <> COALESCE(p.total, 0)`;
}

function unbalancedJournals(prisma: Db) {
  return prisma.$queryRaw<{ id: string; total: string; count: bigint }[]>`
    SELECT j.id::text AS id, COALESCE(SUM(p.amount), 0)::text AS total, COUNT(p.id) AS count
      FROM ledger_journals j LEFT JOIN ledger_postings p ON p.journal_id = j.id
     GROUP BY j.id
    HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.id) < 2`;
}

/** Held balance per user against the held postings of their pending journals that have no resolution. */
function heldAgainstOpenPending(prisma: Db) {
  return prisma.$queryRaw<{ user_id: string; cached: string; pending: string }[]>`
    WITH open_pending AS (
      SELECT j.user_id, SUM(p.amount) AS total
        FROM ledger_journals j
        JOIN ledger_postings p ON p.journal_id = j.id
        JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'user_held'
       WHERE j.phase = 'pending'
         AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
       GROUP BY j.user_id
    )
    SELECT COALESCE(e.user_id, o.user_id)::text AS user_id,
           COALESCE(e.held_balance, 0)::text AS cached, COALESCE(o.total, 0)::numeric(16,2)::text AS pending
      FROM escrow_balances e FULL OUTER JOIN open_pending o ON o.user_id = e.user_id
     WHERE COALESCE(e.held_balance, 0) <> COALESCE(o.total, 0)`;
}

/** Journals resolved more than once, and resolutions that name a journal that is not pending. */
function misresolvedJournals(prisma: Db) {
  return prisma.$queryRaw<{ id: string; phase: string; resolutions: bigint }[]>`
    SELECT j.id::text AS id, j.phase::text AS phase, COUNT(*) AS resolutions
      FROM ledger_journals r JOIN ledger_journals j ON j.id = r.pending_journal_id
     GROUP BY j.id, j.phase
    HAVING COUNT(*) > 1 OR j.phase <> 'pending'`;
}

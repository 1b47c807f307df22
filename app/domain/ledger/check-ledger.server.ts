import type { PrismaClient } from "~/services/db.server";

export type LedgerProblem = { account: string; problem: string };

/**
 * Proves the wallet cache equals the ledger: for every user, escrow_balances must equal
 * the sum of the postings on their available and held accounts, and every journal must
 * balance. Returns the differences found (none when the books are right).
 */
export async function checkLedger(prisma: PrismaClient): Promise<LedgerProblem[]> {
  const walletRows = await prisma.$queryRaw<{ user_id: string; kind: string; cached: string; posted: string }[]>`
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
  const journalRows = await prisma.$queryRaw<{ id: string; total: string; count: bigint }[]>`
    SELECT j.id::text AS id, COALESCE(SUM(p.amount), 0)::text AS total, COUNT(p.id) AS count
      FROM ledger_journals j LEFT JOIN ledger_postings p ON p.journal_id = j.id
     GROUP BY j.id
    HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.id) < 2`;
  return [
    ...walletRows.map((row) => ({
      account: `user:${row.user_id}:${row.kind === "user_available" ? "available" : "held"}`,
      problem: `wallet shows ${row.cached} but postings sum to ${row.posted}`,
    })),
    ...journalRows.map((row) => ({
      account: `journal:${row.id}`,
      problem: `${row.count} postings summing to ${row.total}`,
    })),
  ];
}

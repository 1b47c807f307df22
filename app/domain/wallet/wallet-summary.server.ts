import type { Db } from "~/services/db.server";

export type WalletActivity = {
  journalId: string;
  kind: string;
  description: string;
  /** Signed change of the user's money (available + held) in this journal. */
  amount: string;
  /** Signed change of the held part alone (money set aside or given back inside the wallet). */
  held: string;
  createdAt: string;
};

export type WalletSummary = { available: string; held: string; activity: WalletActivity[] };

/**
 * The wallet card: the cached balances (kept equal to the ledger by postJournal) and the
 * most recent journals that moved this user's money, straight from the postings.
 */
export async function getWalletSummary(prisma: Db, userId: string, limit = 10): Promise<WalletSummary> {
  const wallet = await prisma.escrowBalance.findUnique({ where: { userId } });
  const activity = await prisma.$queryRaw<
    { journal_id: string; kind: string; description: string; amount: string; held: string; created_at: Date }[]
  >`
    SELECT j.id::text AS journal_id, j.kind, j.description, SUM(p.amount)::text AS amount,
           COALESCE(SUM(p.amount) FILTER (WHERE a.kind = 'user_held'), 0.00)::text AS held, j.created_at
      FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN ledger_journals j ON j.id = p.journal_id
     WHERE a.user_id = ${userId}::uuid AND a.kind IN ('user_available', 'user_held')
     GROUP BY j.id
     ORDER BY j.created_at DESC, j.id DESC
     LIMIT ${limit}`;
  return {
    available: wallet?.availableBalance.toFixed(2) ?? "0.00",
    held: wallet?.heldBalance.toFixed(2) ?? "0.00",
    activity: activity.map((row) => ({
      journalId: row.journal_id,
      kind: row.kind,
      description: row.description,
      amount: row.amount,
      held: row.held,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

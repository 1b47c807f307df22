import { runTransaction, type PrismaClient } from "~/services/db.server";
import { PendingAlreadyResolvedError } from "./errors.server";
import { voidPendingJournal } from "./pending-journals.server";

const EXPIRED_REASON = "Hold expired";

/**
 * Voids every pending journal whose expiry is at or before `now` and that has no
 * resolution yet, oldest first, each in its own transaction, so one failure leaves the
 * others done. Safe to run on several workers at once: a worker claims a pending journal
 * with FOR NO KEY UPDATE SKIP LOCKED and another passes over it; should two still reach
 * the same one, the unique resolution index refuses the second void, which is skipped.
 * Returns the pending journals this call voided.
 */
export async function voidExpiredPendingJournals(
  prisma: PrismaClient,
  now: Date,
  { limit = 100 }: { limit?: number } = {},
): Promise<{ voided: string[] }> {
  const candidates = await prisma.$queryRaw<{ id: string }[]>`
    SELECT j.id::text AS id FROM ledger_journals j
     WHERE j.phase = 'pending' AND j.expires_at <= ${now}
       AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
     ORDER BY j.expires_at, j.id
     LIMIT ${limit}`;
  const voided: string[] = [];
  for (const { id } of candidates) {
    try {
      const done = await runTransaction(prisma, "ledger.void-expired-pending", async (tx) => {
        const [claimed] = await tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM ledger_journals WHERE id = ${id}::uuid FOR NO KEY UPDATE SKIP LOCKED`;
        if (!claimed) return false;
        await voidPendingJournal(tx, { pendingJournalId: id, reason: EXPIRED_REASON });
        return true;
      });
      if (done) voided.push(id);
    } catch (error) {
      if (error instanceof PendingAlreadyResolvedError) continue;
      throw error;
    }
  }
  return { voided };
}

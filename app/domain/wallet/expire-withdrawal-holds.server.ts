import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { PendingAlreadyResolvedError } from "~/domain/ledger/errors.server";
import { voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { ADMIN_CHANNEL } from "~/lib/live-channels";
import { formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { publish } from "~/services/realtime/publish.server";
import { ticketReference } from "./request-funds.server";

export const WITHDRAWAL_EXPIRED_ALERT = "withdrawal_expired";

/**
 * The end of a withdrawal hold nobody resolved: every withdrawal_hold pending journal whose
 * expiry has come is voided (the amount returns to the investor's available balance), its
 * open request is closed with a note, and the investor gets an alert and a mail, all in one
 * transaction per hold. The market-expiry job calls it every minute. Several runs at once
 * void each hold once: a run claims the journal with FOR NO KEY UPDATE SKIP LOCKED, and the
 * unique resolution index refuses a second void, which is skipped.
 */
export async function expireWithdrawalHolds(
  prisma: PrismaClient,
  now = new Date(),
  { limit = 100 } = {},
): Promise<{ withdrawals: number }> {
  const due = await prisma.$queryRaw<{ id: string }[]>`
    SELECT j.id::text AS id FROM ledger_journals j
     WHERE j.phase = 'pending' AND j.kind = 'withdrawal_hold' AND j.expires_at <= ${now}
       AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
       AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.hold_journal_id = j.id AND p.status IN ('queued', 'processing'))
     ORDER BY j.expires_at, j.id
     LIMIT ${limit}`;
  let withdrawals = 0;
  for (const { id } of due) {
    try {
      if (await runTransaction(prisma, "wallet.expire-withdrawal-hold", (tx) => expireOne(tx, id, now))) withdrawals++;
    } catch (error) {
      if (error instanceof PendingAlreadyResolvedError) continue;
      throw error;
    }
  }
  return { withdrawals };
}

async function expireOne(tx: Tx, holdJournalId: string, now: Date): Promise<boolean> {
  const [claimed] = await tx.$queryRaw<{ user_id: string }[]>`
    SELECT user_id::text AS user_id FROM ledger_journals
     WHERE id = ${holdJournalId}::uuid AND expires_at <= ${now} FOR NO KEY UPDATE SKIP LOCKED`;
  if (!claimed) return false;
  // A payout queued since the list was read is with the bank: its answer ends the hold, not the clock.
  const inFlight = await tx.payout.findFirst({ where: { holdJournalId, status: { in: ["queued", "processing"] } }, select: { id: true } });
  if (inFlight) return false;
  const { journalId } = await voidPendingJournal(tx, { pendingJournalId: holdJournalId, reason: "Withdrawal hold expired" });

  const [ticket] = await tx.$queryRaw<{ id: string; status: "open" | "in_progress" }[]>`
    WITH before AS (
      SELECT id, status FROM support_tickets
       WHERE hold_journal_id = ${holdJournalId}::uuid AND status IN ('open', 'in_progress') FOR UPDATE
    )
    UPDATE support_tickets t
       SET status = 'closed', resolution_journal_id = ${journalId}::uuid, resolved_at = ${now}, updated_at = ${now}
      FROM before WHERE t.id = before.id
    RETURNING t.id::text AS id, before.status::text AS status`;
  const [held] = await tx.$queryRaw<{ amount: string }[]>`
    SELECT p.amount::text AS amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.journal_id = ${holdJournalId}::uuid AND a.kind = 'user_held'`;
  const amount = formatINR(held!.amount, { paise: true });
  const reference = ticket ? ` ${ticketReference(ticket.id)}` : "";
  const message = `Your withdrawal request${reference} for ${amount} was not completed in time, so it was closed and the amount is back in your available balance. Raise a new request if you still want to withdraw.`;

  if (ticket) {
    await tx.supportTicketEvent.create({
      data: {
        ticketId: ticket.id,
        actorId: null,
        fromStatus: ticket.status,
        toStatus: "closed",
        note: "The withdrawal's hold expired and was released",
        createdAt: now,
      },
    });
    await publish(ADMIN_CHANNEL, { type: "ticket", id: ticket.id }, tx);
  }
  await createUserAlert(tx, { userId: claimed.user_id, alertType: WITHDRAWAL_EXPIRED_ALERT, title: "Withdrawal request expired", message });
  const owner = await tx.userProfile.findUnique({ where: { id: claimed.user_id }, select: { email: true, fullName: true } });
  if (owner) {
    try {
      await enqueueMail(
        {
          to: owner.email,
          subject: "Your Aangan withdrawal request expired",
          text: [`Hello ${owner.fullName ?? ""}`.trim() + ",", "", message, "", "Aangan"].join("\n"),
        },
        tx,
      );
    } catch (error) {
      logger.warn({ err: error, holdJournalId }, "could not queue the withdrawal expiry mail");
    }
  }
  return true;
}

import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { payoutClearing, userAvailable } from "~/domain/ledger/accounts.server";
import { postPendingJournal, voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { toPaise } from "~/domain/payments/gateway-deposits.server";
import { mailInvestorAboutTicket } from "~/domain/support/ticket-mail.server";
import { ticketReference } from "~/domain/wallet/request-funds.server";
import { ADMIN_CHANNEL, alertsChannel } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { GatewayError, type GatewayPayout, type PaymentGateway } from "~/services/payments/gateway";
import { publishAll } from "~/services/realtime/publish.server";

export class PayoutError extends DomainError {}

export const WITHDRAWAL_PAID_TITLE = "Withdrawal Paid";
export const WITHDRAWAL_RETURNED_TITLE = "Withdrawal Returned";
/** A hold closer to its expiry than this is not paid out: the bank's answer must find it still open. */
const HOLD_MARGIN_MS = 24 * 3_600_000;

export type QueuedPayout = { payoutId: string; maskedNumber: string; bankName: string };

/**
 * An approved withdrawal, paid out (ADR 0064): a payout to the investor's verified bank
 * account is queued in the approval's transaction, its id the provider's idempotency key.
 * The hold stays pending until the bank answers. Answers null when the investor has no
 * verified account (the ticket path pays by hand then). The hold's row is locked, so the
 * hold-expiry job cannot void it while the payout is being queued.
 */
export async function queuePayoutIn(
  tx: Tx,
  input: { ticketId: string; userId: string; holdJournalId: string; amount: string; adminId: string; provider: string; now: Date },
): Promise<QueuedPayout | null> {
  const account = await tx.bankAccount.findFirst({
    where: { userId: input.userId, supersededAt: null, validationStatus: "active", provider: input.provider },
    select: { id: true, maskedNumber: true, bankName: true },
  });
  if (!account) return null;
  const [hold] = await tx.$queryRaw<{ expires_at: Date; resolved: boolean }[]>`
    SELECT j.expires_at, EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id) AS resolved
      FROM ledger_journals j WHERE j.id = ${input.holdJournalId}::uuid AND j.phase = 'pending' FOR NO KEY UPDATE`;
  if (!hold || hold.resolved) throw new PayoutError("hold_gone", "This withdrawal's held amount was already released.", 409, "status");
  if (hold.expires_at.getTime() - input.now.getTime() < HOLD_MARGIN_MS)
    throw new PayoutError(
      "hold_expiring",
      "This withdrawal's hold expires within a day, too soon to be paid out. Close the request and ask the investor to request the withdrawal again.",
      409,
      "status",
    );
  const payout = await tx.payout.create({
    data: {
      userId: input.userId,
      ticketId: input.ticketId,
      bankAccountId: account.id,
      amount: input.amount,
      provider: input.provider,
      holdJournalId: input.holdJournalId,
      approvedBy: input.adminId,
      createdAt: input.now,
      updatedAt: input.now,
    },
    select: { id: true },
  });
  return { payoutId: payout.id, maskedNumber: account.maskedNumber, bankName: account.bankName };
}

/** Is a payout of this withdrawal with the bank? Then no one may resolve or close it by hand. */
export async function payoutInFlight(tx: Tx, ticketId: string): Promise<boolean> {
  const row = await tx.payout.findFirst({ where: { ticketId, status: { in: ["queued", "processing"] } }, select: { id: true } });
  return !!row;
}

/**
 * Sends a queued payout to the provider, outside any transaction (a slow provider holds no
 * lock). The provider answers the same payout for the same key, so a retry after a crash or
 * a timeout never pays twice. A failure is recorded and the payout stays queued for the job.
 */
export async function sendPayout(prisma: PrismaClient, gateway: PaymentGateway, payoutId: string): Promise<string> {
  const payout = await prisma.payout.findUnique({
    where: { id: payoutId },
    select: { id: true, status: true, amount: true, ticketId: true, bankAccount: { select: { providerFundAccountId: true } } },
  });
  if (!payout || payout.status !== "queued") return "not_queued";
  let answer: GatewayPayout;
  try {
    answer = await gateway.createPayout({
      fundAccountId: payout.bankAccount.providerFundAccountId!,
      amountPaise: toPaise(payout.amount),
      referenceId: payout.id,
      narration: `Aangan withdrawal ${ticketReference(payout.ticketId)}`,
      idempotencyKey: payout.id,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await prisma.payout.update({
      where: { id: payout.id },
      data: { attempts: { increment: 1 }, lastError: error.message.slice(0, 500), updatedAt: new Date() },
    });
    logger.warn({ err: error, payoutId }, "payout not accepted by the provider yet; it stays queued for a retry");
    return "retry";
  }
  return runTransaction(prisma, "payouts.sent", (tx) => applyPayoutIn(tx, gateway.name, answer));
}

/** Every queued payout, sent (the job's sweep after a crash or a provider outage). */
export async function sendQueuedPayouts(prisma: PrismaClient, gateway: PaymentGateway, limit = 50): Promise<number> {
  const queued = await prisma.payout.findMany({
    where: { status: "queued", provider: gateway.name },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  let sent = 0;
  for (const { id } of queued) if ((await sendPayout(prisma, gateway, id)) !== "retry") sent++;
  return sent;
}

export type PayoutOutcome =
  "payout_processing" | "payout_processed" | "payout_failed" | "payout_reversed" | "ignored" | "unknown_payout" | "amount_mismatch";

type LockedPayout = {
  id: string;
  user_id: string;
  ticket_id: string;
  amount: string;
  status: string;
  provider_payout_id: string | null;
  hold_journal_id: string;
  journal_id: string | null;
  masked_number: string;
  email: string;
  full_name: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the provider says about a payout, applied under the payout's row lock; safe to repeat
 * and to arrive in any order. Processed posts the hold to the payout clearing account; failed
 * (or reversed before it was processed) voids the hold; reversed after processed returns the
 * money in its own journal. Each happens once: the status moves only forward, and the
 * ledger's keys refuse a second post, void or return.
 */
export async function applyPayoutIn(tx: Tx, provider: string, payout: GatewayPayout, now = new Date()): Promise<PayoutOutcome> {
  const ours = payout.referenceId && UUID.test(payout.referenceId) ? payout.referenceId : null;
  const [row] = await tx.$queryRaw<LockedPayout[]>`
    SELECT p.id::text AS id, p.user_id::text AS user_id, p.ticket_id::text AS ticket_id, p.amount::text AS amount, p.status,
           p.provider_payout_id, p.hold_journal_id::text AS hold_journal_id,
           p.journal_id::text AS journal_id, b.masked_number, u.email, u.full_name
      FROM payouts p JOIN bank_accounts b ON b.id = p.bank_account_id JOIN user_profiles u ON u.user_id = p.user_id
     WHERE p.provider = ${provider} AND (p.provider_payout_id = ${payout.id} OR p.id = ${ours}::uuid)
       FOR UPDATE OF p`;
  if (!row) return "unknown_payout";
  if (row.provider_payout_id && row.provider_payout_id !== payout.id) return "ignored";
  if (payout.amount !== toPaise(row.amount)) {
    logger.error({ payoutId: row.id, providerAmount: payout.amount }, "payout amount differs from the withdrawal; nothing changed");
    return "amount_mismatch";
  }
  const open = row.status === "queued" || row.status === "processing";
  const reference = ticketReference(row.ticket_id);
  const amount = formatINR(row.amount, { paise: true });

  switch (payout.status) {
    case "queued":
    case "pending":
    case "processing": {
      if (row.status !== "queued") return "ignored";
      await tx.payout.update({
        where: { id: row.id },
        data: { status: "processing", providerPayoutId: payout.id, lastError: null, updatedAt: now },
      });
      await announce(tx, row.user_id);
      return "payout_processing";
    }
    case "processed": {
      if (!open) return "ignored";
      const utr = payout.utr ?? payout.id;
      const { journalId } = await postPendingJournal(tx, {
        pendingJournalId: row.hold_journal_id,
        destinations: [{ account: payoutClearing, amount: row.amount }],
        description: `Withdrawal paid out to ${row.masked_number} (request ${reference}, UTR ${utr})`,
        idempotencyKey: `payout:${row.id}:post`,
      });
      await tx.payout.update({
        where: { id: row.id },
        data: { status: "processed", providerPayoutId: payout.id, utr, journalId, processedAt: now, lastError: null, updatedAt: now },
      });
      await tx.transaction.create({
        data: {
          userId: row.user_id,
          transactionType: "withdrawal",
          status: "completed",
          amount: row.amount,
          description: `Withdrawal paid out to ${row.masked_number} (request ${reference}, UTR ${utr})`,
          referenceId: row.ticket_id,
          journalId,
          createdAt: now,
        },
      });
      const note = `Your withdrawal request ${reference} is complete: ${amount} was paid to your bank account ${row.masked_number}. Bank reference (UTR): ${utr}.`;
      await endTicket(tx, row, "resolved", journalId, note, now);
      await tell(tx, row, WITHDRAWAL_PAID_TITLE, note, "resolved", now);
      return "payout_processed";
    }
    case "failed":
    case "rejected":
    case "cancelled":
    case "reversed": {
      const reason = (payout.failureReason ?? "The bank did not accept the transfer").slice(0, 300);
      if (open) {
        const { journalId } = await voidPendingJournal(tx, {
          pendingJournalId: row.hold_journal_id,
          reason: `Withdrawal not paid: ${reason} (request ${reference})`,
        });
        const status = payout.status === "reversed" ? "reversed" : "failed";
        await tx.payout.update({
          where: { id: row.id },
          data: { status, providerPayoutId: payout.id, failureReason: reason, updatedAt: now },
        });
        const note = `Your withdrawal request ${reference} could not be paid to ${row.masked_number}: ${reason}. The ${amount} is available in your wallet again.`;
        await endTicket(tx, row, "closed", journalId, note, now);
        await tell(tx, row, WITHDRAWAL_RETURNED_TITLE, note, "closed", now);
        return status === "reversed" ? "payout_reversed" : "payout_failed";
      }
      if (row.status !== "processed" || payout.status !== "reversed") return "ignored";
      // Paid, then returned by the bank: the money comes back once, in a journal of its own.
      const { journalId } = await postJournal(tx, {
        kind: "reversal",
        description: `Withdrawal returned by the bank (request ${reference}): ${reason}`,
        postings: [
          { account: userAvailable(row.user_id), amount: row.amount },
          { account: payoutClearing, amount: new Decimal(row.amount).negated().toFixed(2) },
        ],
        reversesJournalId: row.journal_id ?? undefined,
        idempotencyKey: `payout:${row.id}:reversal`,
      });
      await tx.payout.update({
        where: { id: row.id },
        data: { status: "reversed", failureReason: reason, reversalJournalId: journalId, updatedAt: now },
      });
      await tx.transaction.create({
        data: {
          userId: row.user_id,
          transactionType: "deposit",
          status: "completed",
          amount: row.amount,
          description: `Withdrawal returned by the bank (request ${reference})`,
          referenceId: row.ticket_id,
          journalId,
          createdAt: now,
        },
      });
      const note = `The bank returned your withdrawal ${reference} of ${amount} to ${row.masked_number}: ${reason}. The money is back in your wallet.`;
      await tx.supportTicketEvent.create({
        data: { ticketId: row.ticket_id, actorId: null, fromStatus: "resolved", toStatus: "resolved", note, createdAt: now },
      });
      await tell(tx, row, WITHDRAWAL_RETURNED_TITLE, note, "resolved", now);
      return "payout_reversed";
    }
  }
}

/** The withdrawal request ends with its payout: resolved when paid, closed when not. */
async function endTicket(tx: Tx, row: LockedPayout, status: "resolved" | "closed", journalId: string, note: string, now: Date) {
  const [before] = await tx.$queryRaw<{ status: "open" | "in_progress" }[]>`
    WITH before AS (SELECT id, status FROM support_tickets WHERE id = ${row.ticket_id}::uuid FOR UPDATE)
    UPDATE support_tickets t
       SET status = ${status}::ticket_status, resolution_journal_id = ${journalId}::uuid, resolved_at = ${now}, updated_at = ${now}
      FROM before WHERE t.id = before.id
    RETURNING before.status::text AS status`;
  await tx.supportTicketEvent.create({
    data: { ticketId: row.ticket_id, actorId: null, fromStatus: before?.status ?? null, toStatus: status, note, createdAt: now },
  });
}

async function tell(tx: Tx, row: LockedPayout, title: string, note: string, status: string, now: Date) {
  await createUserAlert(tx, { userId: row.user_id, alertType: "support_ticket", title, message: note, createdAt: now });
  await mailInvestorAboutTicket({ to: row.email, name: row.full_name, status, note, response: "", ticketId: row.ticket_id }, tx);
  await announce(tx, row.user_id, row.ticket_id);
}

async function announce(tx: Tx, userId: string, ticketId?: string) {
  await publishAll(
    [
      { channel: alertsChannel(userId), type: "wallet" },
      { channel: ADMIN_CHANNEL, type: ticketId ? "ticket" : "payout", id: ticketId },
    ],
    tx,
  );
}

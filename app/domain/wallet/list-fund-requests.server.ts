import type { Db } from "~/services/db.server";
import { ticketReference } from "./request-funds.server";
import { isUuid } from "~/lib/uuid";

export type FundRequestRow = {
  ticketId: string;
  reference: string;
  kind: "add_funds" | "withdraw_funds";
  amount: string;
  status: string;
  priority: string;
  referenceCode: string | null;
  adminResponse: string | null;
  createdAt: string;
  /** A withdrawal paid out through the provider (ADR 0064): where, how far, and the bank's reference. */
  payout: PayoutSummary | null;
  /** The UTR of a withdrawal paid by hand. */
  bankReference: string | null;
};

export type PayoutSummary = { status: string; utr: string | null; maskedNumber: string; bankName: string; failureReason: string | null };

export type HeldAmount = { journalId: string; amount: string; description: string; expiresAt: string | null };

export type FundRequestsView = { requests: FundRequestRow[]; holds: HeldAmount[] };

/**
 * The wallet's fund requests (open ones first, then the most recent finished ones) and the
 * open holds on the user's money with what each is for: the pending journals nobody has
 * posted or voided yet.
 */
export async function listFundRequests(db: Db, userId: string, limit = 10): Promise<FundRequestsView> {
  const tickets = await db.supportTicket.findMany({
    where: { userId, ticketType: { in: ["add_funds", "withdraw_funds"] } },
    orderBy: [{ createdAt: "desc" }],
    take: limit,
    select: {
      id: true,
      ticketType: true,
      amount: true,
      status: true,
      priority: true,
      referenceCode: true,
      adminResponse: true,
      createdAt: true,
      bankReference: true,
      payout: {
        select: { status: true, utr: true, failureReason: true, bankAccount: { select: { maskedNumber: true, bankName: true } } },
      },
    },
  });
  const holds = await db.$queryRaw<{ id: string; amount: string; description: string; expires_at: Date | null }[]>`
    SELECT j.id::text AS id, p.amount::text AS amount, j.description, j.expires_at
      FROM ledger_journals j
      JOIN ledger_postings p ON p.journal_id = j.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'user_held'
     WHERE j.phase = 'pending' AND j.user_id = ${userId}::uuid
       AND NOT EXISTS (SELECT 1 FROM ledger_journals r WHERE r.pending_journal_id = j.id)
     ORDER BY j.created_at DESC`;
  return {
    requests: tickets
      .map((t) => ({
        ticketId: t.id,
        reference: ticketReference(t.id),
        kind: t.ticketType as FundRequestRow["kind"],
        amount: t.amount?.toFixed(2) ?? "0.00",
        status: t.status,
        priority: t.priority,
        referenceCode: t.referenceCode,
        adminResponse: t.adminResponse,
        createdAt: t.createdAt.toISOString(),
        bankReference: t.bankReference,
        payout: t.payout
          ? {
              status: t.payout.status,
              utr: t.payout.utr,
              maskedNumber: t.payout.bankAccount.maskedNumber,
              bankName: t.payout.bankAccount.bankName,
              failureReason: t.payout.failureReason,
            }
          : null,
      }))
      .sort((a, b) => Number(isOpen(b.status)) - Number(isOpen(a.status))),
    holds: holds.map((h) => ({
      journalId: h.id,
      amount: h.amount,
      description: h.description,
      expiresAt: h.expires_at?.toISOString() ?? null,
    })),
  };
}

const isOpen = (status: string) => status === "open" || status === "in_progress";

export type DepositInstructions = { ticketId: string; reference: string; referenceCode: string; amount: string };

/** Where to send the money for the user's own add-funds request; null for anyone else's. */
export async function getDepositInstructions(db: Db, userId: string, ticketId: string): Promise<DepositInstructions | null> {
  if (!isUuid(ticketId)) return null;
  const ticket = await db.supportTicket.findFirst({
    where: { id: ticketId, userId, ticketType: "add_funds" },
    select: { id: true, referenceCode: true, amount: true },
  });
  if (!ticket?.referenceCode) return null;
  return {
    ticketId: ticket.id,
    reference: ticketReference(ticket.id),
    referenceCode: ticket.referenceCode,
    amount: ticket.amount?.toFixed(2) ?? "0.00",
  };
}

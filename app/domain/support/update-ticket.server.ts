import { acknowledgeGrievanceIn } from "~/domain/grievances/open-grievance.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { platformCash } from "~/domain/ledger/accounts.server";
import { creditDeposit } from "~/domain/wallet/credit-deposit.server";
import { postPendingJournal, voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { grantWaiver } from "~/domain/subscriptions/subscription-periods.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import { DEFAULT_FUND_LIMITS, DEPOSIT_PROCESSING_FEE } from "~/domain/wallet/fund-request-rules";
import { systemClock, ticketReference, type Clock } from "~/domain/wallet/request-funds.server";
import { ADMIN_CHANNEL, alertsChannel, type LiveEvent } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { parseRupees, type RupeeParse, type RupeeRules } from "~/lib/rupee-input";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { mailInvestorAboutTicket, type TicketMail } from "./ticket-mail.server";
import { payoutInFlight, queuePayoutIn, type QueuedPayout } from "~/domain/payouts/payouts.server";

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_UPDATED = "Ticket Updated";

export type UpdateTicketInput = {
  adminId: string;
  ticketId: string;
  status: string;
  /** Empty keeps the existing response (spec 001, "Support update": missing values fall back). */
  adminResponse?: string;
  /** For an add-funds ticket being resolved: what actually arrived, as typed. */
  receivedAmount?: string;
  /** The most a deposit may credit: the per-request deposit limit (a setting; ADR 0056). */
  maxReceived?: string;
  /** For a subscription request being resolved: also switch the subscription on. */
  activateSubscription?: boolean;
  /**
   * The payout provider's name when withdrawals are paid out through it (ADR 0064): resolving
   * a withdrawal then queues a payout to the investor's verified bank account, and the
   * request stays in progress until the bank answers.
   */
  payoutProvider?: string;
  /** For a withdrawal paid by hand: the bank's reference (UTR) of the transfer, as typed. */
  bankReference?: string;
};

export type TicketUpdateOutcome = {
  ticketId: string;
  status: TicketStatus;
  statusChanged: boolean;
  /** The journal this update wrote (deposit, withdrawal or void), if it moved money. */
  journalId: string | null;
  credited: string | null;
  /** The payout this update queued, for the caller to send once committed. */
  payoutId: string | null;
};

export class TicketUpdateError extends DomainError {}

type LockedTicket = {
  id: string;
  user_id: string;
  ticket_type: "add_funds" | "withdraw_funds" | "subscription_request" | "general";
  status: TicketStatus;
  amount: string | null;
  admin_response: string | null;
  hold_journal_id: string | null;
  resolution_journal_id: string | null;
  reference_code: string | null;
};

const FINAL: TicketStatus[] = ["resolved", "closed"];
const isFundTicket = (t: LockedTicket) => t.ticket_type === "add_funds" || t.ticket_type === "withdraw_funds";

/**
 * An admin changes a ticket's status and/or response. Resolving a fund request moves the
 * money: an add-funds ticket posts the deposit the admin confirms (less the processing
 * fee, ADR 0006), a withdrawal posts its held amount out; closing a withdrawal releases
 * the hold. The ticket row is locked and updated only from the status that was read, and
 * the ledger's own unique keys refuse a second resolution, so two admins pressing the
 * button together move the money once.
 */
export async function updateTicket(db: PrismaClient, input: UpdateTicketInput, clock: Clock = systemClock): Promise<TicketUpdateOutcome> {
  return runTransaction(db, "update-ticket", async (tx) => {
    const { outcome, events, mail } = await updateTicketIn(tx, input, clock.now());
    await publishAll(events, tx);
    // Queued in this transaction: the mail exists exactly when the change (and its money) does.
    if (mail) await mailInvestorAboutTicket(mail, tx);
    return outcome;
  });
}

/** What updateTicketIn leaves for its caller to announce: live events and the investor's mail. */
export type TicketUpdateNotices = { outcome: TicketUpdateOutcome; events: LiveEvent[]; mail: TicketMail | null };

/**
 * updateTicket's checks and writes inside a transaction the caller holds, announcing nothing
 * (the caller publishes and mails). With `backDated` (the demo seed only) the ledger journals,
 * transactions, alert and audit entry are dated `now` instead of the database's clock, so
 * a year of demo fund requests is resolved by the same code an admin's click runs.
 */
export async function updateTicketIn(tx: Tx, input: UpdateTicketInput, now: Date, backDated = false): Promise<TicketUpdateNotices> {
  const status = TICKET_STATUSES.find((s) => s === input.status);
  if (!status) throw new TicketUpdateError("invalid_status", "Choose a valid status", 400, "status");
  const response = (input.adminResponse ?? "").trim().slice(0, 4000);
  const at = backDated ? now : undefined;

  const [ticket] = await tx.$queryRaw<LockedTicket[]>`
      SELECT id::text, user_id::text, ticket_type::text AS ticket_type, status::text AS status, amount::text AS amount,
             admin_response, hold_journal_id::text, resolution_journal_id::text, reference_code
        FROM support_tickets WHERE id = ${input.ticketId}::uuid FOR UPDATE`;
  if (!ticket) throw new TicketUpdateError("not_found", "Ticket not found", 404);

  const statusChanged = status !== ticket.status;
  const responseChanged = response !== "" && response !== (ticket.admin_response ?? "");
  if (!statusChanged && !responseChanged) {
    throw new TicketUpdateError("no_change", "Nothing to update - change the status or write a new response", 400);
  }
  if (statusChanged && isFundTicket(ticket) && FINAL.includes(ticket.status)) {
    throw new TicketUpdateError("already_final", `This request is already ${ticket.status}; its money has been settled`, 409, "status");
  }

  if (statusChanged && ticket.ticket_type === "withdraw_funds" && (await payoutInFlight(tx, ticket.id))) {
    throw new TicketUpdateError("payout_in_flight", PAYOUT_IN_FLIGHT_MESSAGE, 409, "status");
  }
  const money = statusChanged ? await settleMoney(tx, ticket, status, input, now, at) : { journalId: null, credited: null };
  // A queued payout keeps the request open until the bank answers (the payout ends it).
  const newStatus: TicketStatus = money.payout ? "in_progress" : status;

  // Conditional on the status read above: belt and braces with the row lock.
  const updated = await tx.$executeRaw`
      UPDATE support_tickets
         SET status = ${newStatus}::ticket_status,
             admin_response = ${response === "" ? ticket.admin_response : response},
             handled_by = ${input.adminId}::uuid,
             received_amount = COALESCE(${money.received ?? null}::numeric, received_amount),
             bank_reference = COALESCE(${money.bankReference ?? null}, bank_reference),
             resolution_journal_id = COALESCE(${money.journalId}::uuid, resolution_journal_id),
             resolved_at = CASE WHEN ${FINAL.includes(newStatus)} THEN ${now} ELSE resolved_at END,
             updated_at = ${now}
       WHERE id = ${ticket.id}::uuid AND status = ${ticket.status}::ticket_status`;
  if (updated !== 1) throw new TicketUpdateError("concurrent", "This ticket was just changed by someone else. Please reload it.", 409);
  await acknowledgeGrievanceIn(tx, ticket.id, input.adminId, now);

  let waiverId: string | null = null;
  if (status === "resolved" && ticket.ticket_type === "subscription_request" && input.activateSubscription) {
    // Premium without a payment: a waiver, with no end date (ADR 0063).
    waiverId = await grantWaiver(tx, { userId: ticket.user_id, adminId: input.adminId, at: now });
    await tx.userProfile.update({ where: { id: ticket.user_id }, data: { subscriptionActive: true } });
    await recalculateTier(tx, ticket.user_id);
  }

  const note = money.payout
    ? `Your withdrawal request ${ticketReference(ticket.id)} is approved: ${formatINR(ticket.amount ?? "0", { paise: true })} is on its way to your bank account ${money.payout.maskedNumber} by IMPS, usually within minutes.`
    : describeChange(ticket, status, money.credited, money.bankReference);
  await tx.supportTicketEvent.create({
    data: {
      ticketId: ticket.id,
      actorId: input.adminId,
      fromStatus: ticket.status,
      toStatus: newStatus,
      adminResponse: response === "" ? null : response,
      note,
      createdAt: now,
    },
  });
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: `ticket.${money.payout ? "payout" : statusChanged ? status : "respond"}`,
    targetType: "support_ticket",
    targetId: ticket.id,
    before: { status: ticket.status, adminResponse: ticket.admin_response },
    after: {
      status: newStatus,
      adminResponse: response === "" ? ticket.admin_response : response,
      journalId: money.journalId,
      credited: money.credited,
      payoutId: money.payout?.payoutId ?? null,
      ...(waiverId ? { premiumWaiver: waiverId } : {}),
    },
    note,
    at,
  });

  const events: LiveEvent[] = [{ channel: ADMIN_CHANNEL, type: "ticket", id: ticket.id }];
  let mail: TicketMail | null = null;
  if (statusChanged) {
    const alert = await createUserAlert(tx, {
      userId: ticket.user_id,
      alertType: "support_ticket",
      title: money.payout ? "Withdrawal Approved" : `Request ${STATUS_WORDS[newStatus]}`,
      message: `${note}${response ? ` Response: ${response}` : ""}`,
      createdAt: at,
    });
    if (alert) events.push({ channel: alertsChannel(ticket.user_id), type: "alert", id: alert.id });
    const owner = await tx.userProfile.findUniqueOrThrow({ where: { id: ticket.user_id }, select: { email: true, fullName: true } });
    mail = { to: owner.email, name: owner.fullName, status: newStatus, note, response, ticketId: ticket.id };
  }
  const outcome = {
    ticketId: ticket.id,
    status: newStatus,
    statusChanged,
    journalId: money.journalId,
    credited: money.credited,
    payoutId: money.payout?.payoutId ?? null,
  };
  return { outcome, events, mail };
}

const STATUS_WORDS: Record<TicketStatus, string> = { open: "reopened", in_progress: "in progress", resolved: "resolved", closed: "closed" };

type MoneyMoved = {
  journalId: string | null;
  credited: string | null;
  received?: string;
  payout?: QueuedPayout;
  bankReference?: string;
};

/** A bank transfer's reference (UTR) as an admin types it: 6 to 30 letters and digits, spaces ignored. */
export function readBankReference(raw: unknown): { ok: true; value: string | undefined } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.replace(/\s+/g, "").toUpperCase() : "";
  if (text === "") return { ok: true, value: undefined };
  if (!/^[A-Z0-9]{6,30}$/.test(text)) return { ok: false, message: "Enter the bank's reference (UTR): 6 to 30 letters and digits" };
  return { ok: true, value: text };
}

export const PAYOUT_IN_FLIGHT_MESSAGE =
  "This withdrawal is being paid out to the investor's bank. It completes or is returned when the bank answers; it cannot be changed by hand meanwhile.";

export const NO_HOLD_MESSAGE =
  "This withdrawal has no held amount, so nothing can be paid out from the wallet. Close the request and ask the investor to request the withdrawal again.";

async function settleMoney(
  tx: Tx,
  ticket: LockedTicket,
  status: TicketStatus,
  input: UpdateTicketInput,
  now: Date,
  at?: Date,
): Promise<MoneyMoved> {
  if (ticket.ticket_type === "add_funds" && status === "resolved") return postDeposit(tx, ticket, input, at);
  // Paying out needs the held rupees: without a hold the wallet would keep the money while the
  // investor is told it was paid, so the domain refuses instead of resolving with no journal.
  if (ticket.ticket_type === "withdraw_funds" && status === "resolved" && !ticket.hold_journal_id) {
    throw new TicketUpdateError("no_hold", NO_HOLD_MESSAGE, 409, "status");
  }
  if (ticket.ticket_type === "withdraw_funds" && ticket.hold_journal_id) {
    if (status === "resolved" && input.payoutProvider && !at) {
      const payout = await queuePayoutIn(tx, {
        ticketId: ticket.id,
        userId: ticket.user_id,
        holdJournalId: ticket.hold_journal_id,
        amount: ticket.amount ?? "0",
        adminId: input.adminId,
        provider: input.payoutProvider,
        now,
      });
      if (payout) return { journalId: null, credited: null, payout };
    }
    if (status === "resolved") return payOutWithdrawal(tx, ticket, input, at);
    if (status === "closed") {
      const { journalId } = await voidPendingJournal(tx, {
        pendingJournalId: ticket.hold_journal_id,
        reason: `Withdrawal request ${ticketReference(ticket.id)} closed`,
        createdBy: input.adminId,
      });
      return { journalId, credited: null };
    }
  }
  return { journalId: null, credited: null };
}

/** The deposit the admin confirms, then the processing fee as its own journal and transaction. */
async function postDeposit(tx: Tx, ticket: LockedTicket, input: UpdateTicketInput, at?: Date): Promise<MoneyMoved> {
  const received = parseReceived(input.receivedAmount ?? ticket.amount ?? "", input.maxReceived);
  const credit = await creditDeposit(tx, {
    userId: ticket.user_id,
    received,
    from: platformCash,
    source: `request ${ticketReference(ticket.id)}`,
    keyPrefix: `ticket:${ticket.id}`,
    referenceId: ticket.id,
    createdBy: input.adminId,
    at,
  });
  return { journalId: credit.journalId, credited: credit.credited, received: credit.received };
}

async function payOutWithdrawal(tx: Tx, ticket: LockedTicket, input: UpdateTicketInput, at?: Date): Promise<MoneyMoved> {
  const adminId = input.adminId;
  const reference = readBankReference(input.bankReference);
  if (!reference.ok) throw new TicketUpdateError("invalid_bank_reference", reference.message, 400, "bankReference");
  const utr = reference.value ? `, UTR ${reference.value}` : "";
  const amount = new Decimal(ticket.amount ?? "0");
  const { journalId } = await postPendingJournal(tx, {
    pendingJournalId: ticket.hold_journal_id!,
    destinations: [{ account: platformCash, amount: amount.toFixed(2) }],
    description: `Withdrawal paid out (request ${ticketReference(ticket.id)}${utr})`,
    idempotencyKey: `ticket:${ticket.id}:withdrawal`,
    createdBy: adminId,
    createdAt: at,
  });
  await tx.transaction.create({
    data: {
      userId: ticket.user_id,
      transactionType: "withdrawal",
      status: "completed",
      amount: amount.toFixed(2),
      description: `Withdrawal paid out (request ${ticketReference(ticket.id)}${utr})`,
      referenceId: ticket.id,
      journalId,
      createdAt: at,
    },
  });
  return { journalId, credited: null, bankReference: reference.value };
}

/**
 * What an admin typed as received for a deposit, by the one rupee parser: more than the
 * processing fee and at most the per-request deposit limit. Four-eyes reads it the same way,
 * so an amount that moves money is never one it could not read.
 */
export function readReceivedAmount(raw: unknown, max: string = DEFAULT_FUND_LIMITS.perRequest): RupeeParse {
  return parseRupees(raw, receivedAmountRules(max));
}

/** The rules of a received amount, for the form's field to read it as the domain does. */
export function receivedAmountRules(max: string = DEFAULT_FUND_LIMITS.perRequest): RupeeRules {
  return {
    message: `Enter the amount actually received: more than the ${formatINR(DEPOSIT_PROCESSING_FEE)} processing fee, at most 2 decimals`,
    min: DEPOSIT_PROCESSING_FEE.plus("0.01"),
    max,
    maxMessage: `A deposit credits at most ${formatINR(max)} (the per-request limit)`,
  };
}

function parseReceived(raw: string, max: string | undefined): Decimal {
  const parsed = readReceivedAmount(raw, max);
  if (!parsed.ok) throw new TicketUpdateError("invalid_received_amount", parsed.message, 400, "receivedAmount");
  return parsed.value;
}

function describeChange(ticket: LockedTicket, status: TicketStatus, credited: string | null, bankReference?: string): string {
  const reference = ticketReference(ticket.id);
  if (status === ticket.status) return `Your request ${reference} has a new response.`;
  if (ticket.ticket_type === "add_funds" && status === "resolved" && credited) {
    return `Your add-funds request ${reference} is complete: ${formatINR(credited, { paise: true })} was added to your wallet after the ${formatINR(DEPOSIT_PROCESSING_FEE)} processing fee.`;
  }
  if (ticket.ticket_type === "withdraw_funds" && status === "resolved") {
    return `Your withdrawal request ${reference} is complete: ${formatINR(ticket.amount ?? "0", { paise: true })} was paid out.${bankReference ? ` Bank reference (UTR): ${bankReference}.` : ""}`;
  }
  if (ticket.ticket_type === "withdraw_funds" && status === "closed" && ticket.hold_journal_id) {
    return `Your withdrawal request ${reference} was closed and the held ${formatINR(ticket.amount ?? "0", { paise: true })} is available again.`;
  }
  return `Your request ${reference} is now ${STATUS_WORDS[status]}.`;
}

import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { setAdminFlag } from "~/domain/admin/users/manage-user.server";
import { assertMayApprove } from "~/domain/approvals/approver.server";
import { DomainError } from "~/domain/errors";
import { settleReservation } from "~/domain/market/settle-trades.server";
import { executeTransmission } from "~/domain/nominees/execute-transmission.server";
import { markValuationRejected, recordApprovedValuation } from "~/domain/valuations/decide-valuation.server";
import { agreeExit, agreeExitIn, completeExit, completeExitIn, withdrawExit } from "~/domain/exits/exits.server";
import { readBankReference, readReceivedAmount, updateTicket, type UpdateTicketInput } from "~/domain/support/update-ticket.server";
import { ticketReference } from "~/domain/wallet/request-funds.server";
import { ADMIN_CHANNEL } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { isUuid } from "~/lib/uuid";
import { formatShares } from "~/lib/formats";

/**
 * Four-eyes on large money movements (ASVS 2.3.4, ADR 0033). Completing a deposit or a
 * withdrawal, or settling a reservation, for more than the threshold is recorded by the
 * first admin as 'awaiting approval' and carried out only when a different admin approves.
 * The database decides: one conditional update claims the request, so of two approvals
 * pressed together one wins, and the movement itself is guarded by its own conditional
 * updates and ledger keys (it cannot happen twice).
 */
export type ApprovalKind =
  | "ticket_resolve"
  | "reservation_settle"
  | "admin_grant"
  | "admin_revoke"
  | "transmission"
  | "valuation"
  | "exit_propose"
  | "exit_complete";
export const AWAITING_APPROVAL = "Awaiting approval";

export class ApprovalError extends DomainError {}

export type Gated<T> = { state: "done"; result: T } | { state: "awaiting"; approvalId: string; amount: string; summary: string };

/** Above the threshold (strictly): exactly ₹5,00,000 still goes through with one admin. */
export function needsSecondAdmin(amount: Decimal.Value, threshold: Decimal.Value): boolean {
  return new Decimal(amount).gt(new Decimal(threshold));
}

type TicketPayload = Pick<
  UpdateTicketInput,
  "status" | "adminResponse" | "receivedAmount" | "maxReceived" | "activateSubscription" | "bankReference"
>;
type SettlePayload = { notes: string | null };

/** The ticket form's update, held for a second admin when it completes a large deposit or withdrawal. */
export async function updateTicketFourEyes(
  db: PrismaClient,
  input: UpdateTicketInput,
  threshold: Decimal.Value,
): Promise<Gated<Awaited<ReturnType<typeof updateTicket>>>> {
  if (input.status === "resolved" && isUuid(input.ticketId)) {
    const ticket = await db.supportTicket.findUnique({
      where: { id: input.ticketId },
      select: { id: true, ticketType: true, status: true, amount: true, holdJournalId: true },
    });
    const open = ticket && ticket.status !== "resolved" && ticket.status !== "closed";
    // A withdrawal without a hold cannot be paid out at all: updateTicket refuses it at once
    // rather than queueing an approval that could only fail.
    const movesMoney = ticket && (ticket.ticketType === "add_funds" || (ticket.ticketType === "withdraw_funds" && ticket.holdJournalId));
    if (open && movesMoney) {
      // A malformed bank reference is refused now, not when the second admin approves.
      const reference = readBankReference(input.bankReference);
      if (!reference.ok) throw new ApprovalError("invalid_bank_reference", reference.message, 400, "bankReference");
      const typed = readReceivedAmount(input.receivedAmount ?? "", input.maxReceived);
      // An add-funds ticket moves what the admin says arrived; a malformed amount is left to
      // updateTicket, which answers with the form's own message.
      const amount = ticket.ticketType === "add_funds" ? (typed.ok ? typed.value : null) : new Decimal(ticket.amount ?? 0);
      if (amount && needsSecondAdmin(amount, threshold)) {
        const words = ticket.ticketType === "add_funds" ? "Deposit" : "Withdrawal";
        const payload: TicketPayload = {
          status: input.status,
          adminResponse: input.adminResponse ?? "",
          receivedAmount: input.receivedAmount,
          ...(input.maxReceived === undefined ? {} : { maxReceived: input.maxReceived }),
          activateSubscription: input.activateSubscription ?? false,
          ...(input.bankReference ? { bankReference: input.bankReference } : {}),
        };
        const approvalId = await requestApproval(db, {
          kind: "ticket_resolve",
          targetId: ticket.id,
          amount: amount.toFixed(2),
          summary: `${words} of ${formatINR(amount, { paise: true })} (request ${ticketReference(ticket.id)})`,
          payload,
          adminId: input.adminId,
        });
        return { state: "awaiting", approvalId, amount: amount.toFixed(2), summary: words };
      }
    }
  }
  return { state: "done", result: await updateTicket(db, input) };
}

/** Settling a reservation, held for a second admin when its amount is large. */
export async function settleReservationFourEyes(
  db: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  threshold: Decimal.Value,
): Promise<Gated<Awaited<ReturnType<typeof settleReservation>>>> {
  if (isUuid(input.reservationId)) {
    const reservation = await db.shareReservation.findUnique({
      where: { id: input.reservationId },
      select: { id: true, status: true, amount: true, shares: true, property: { select: { title: true } } },
    });
    if (reservation && reservation.status === "active" && needsSecondAdmin(reservation.amount, threshold)) {
      const payload: SettlePayload = { notes: (input.notes ?? "").trim().slice(0, 1000) || null };
      const approvalId = await requestApproval(db, {
        kind: "reservation_settle",
        targetId: reservation.id,
        amount: reservation.amount.toFixed(2),
        summary: `Settlement of ${formatShares(reservation.shares)} of ${reservation.property.title} for ${formatINR(reservation.amount, { paise: true })}`,
        payload,
        adminId: input.adminId,
      });
      return { state: "awaiting", approvalId, amount: reservation.amount.toFixed(2), summary: "Settlement" };
    }
  }
  return { state: "done", result: await settleReservation(db, input) };
}

export type ApprovalRequest = {
  kind: ApprovalKind;
  targetId: string;
  amount: string;
  summary: string;
  payload: TicketPayload | SettlePayload | Record<string, never>;
  adminId: string;
};

const TARGET_TYPES: Record<ApprovalKind, string> = {
  ticket_resolve: "support_ticket",
  reservation_settle: "share_reservation",
  admin_grant: "user",
  admin_revoke: "user",
  transmission: "transmission",
  valuation: "property_valuation",
  exit_propose: "property_exit",
  exit_complete: "property_exit",
};
const isAdminRights = (kind: string) => kind === "admin_grant" || kind === "admin_revoke";

export async function requestApproval(db: PrismaClient, request: ApprovalRequest): Promise<string> {
  try {
    return await runTransaction(db, "four-eyes.request", (tx) => requestApprovalIn(tx, request));
  } catch (error) {
    throw alreadyAwaiting(error, request.kind) ?? error;
  }
}

/** A refused second request for the same movement, in words; undefined for any other error. */
export function alreadyAwaiting(error: unknown, kind: ApprovalKind): ApprovalError | undefined {
  // The partial unique index allows one waiting request per movement.
  if (error && typeof error === "object" && "code" in error && error.code === "P2002") {
    const what = isAdminRights(kind) ? "This change of admin rights" : "This movement";
    return new ApprovalError("already_awaiting", `${what} is already awaiting a second admin's approval`, 409);
  }
  return undefined;
}

/** requestApproval inside a transaction the caller holds (the request is written with what it is about). */
export async function requestApprovalIn(tx: Tx, request: ApprovalRequest): Promise<string> {
  const approval = await tx.moneyApproval.create({
    data: {
      kind: request.kind,
      targetId: request.targetId,
      amount: request.amount,
      summary: request.summary,
      payload: request.payload,
      requestedBy: request.adminId,
    },
    select: { id: true },
  });
  await recordAdminAction(tx, {
    adminId: request.adminId,
    action: `approval.request`,
    targetType: TARGET_TYPES[request.kind],
    targetId: request.targetId,
    after: { approvalId: approval.id, kind: request.kind, amount: request.amount, status: "awaiting" },
    note: `${request.summary}: awaiting a second admin's approval`,
  });
  await publishAll([{ channel: ADMIN_CHANNEL, type: "approval", id: approval.id }], tx);
  return approval.id;
}

type ClaimedApproval = {
  id: string;
  kind: ApprovalKind;
  target_id: string;
  amount: string;
  summary: string;
  payload: unknown;
  requested_by: string;
};

/**
 * Claims an awaiting request for one decision. The conditional update is the only way from
 * 'awaiting' to anything else, and it refuses the requester: of two admins pressing Approve
 * together one claims it and the other is told it was already decided.
 */
async function claim(db: PrismaClient, approvalId: string, adminId: string, decision: "approved" | "rejected", note: string | null) {
  if (!isUuid(approvalId)) throw new ApprovalError("not_found", "Approval request not found", 404);
  return runTransaction(db, `four-eyes.${decision}`, (tx) => claimIn(tx, approvalId, adminId, decision, note));
}

async function claimIn(tx: Tx, approvalId: string, adminId: string, decision: "approved" | "rejected", note: string | null) {
  const [current] = await tx.$queryRaw<{ status: string; requested_by: string; kind: string; target_id: string }[]>`
    SELECT status, requested_by::text, kind, target_id::text FROM money_approvals WHERE id = ${approvalId}::uuid`;
  if (!current) throw new ApprovalError("not_found", "Approval request not found", 404);
  if (current.requested_by === adminId) {
    throw new ApprovalError("own_request", "You cannot approve or reject your own request - a second admin must decide it", 403);
  }
  if (isAdminRights(current.kind) && current.target_id === adminId) {
    throw new ApprovalError("own_rights", "You cannot decide a change to your own admin rights - another admin must decide it", 403);
  }
  if (decision === "approved") await assertMayApprove(tx, adminId);
  const [claimed] = await tx.$queryRaw<ClaimedApproval[]>`
    UPDATE money_approvals
       SET status = ${decision}, decided_by = ${adminId}::uuid, decided_at = clock_timestamp(), decision_note = ${note}
     WHERE id = ${approvalId}::uuid AND status = 'awaiting' AND requested_by <> ${adminId}::uuid
     RETURNING id::text, kind, target_id::text, amount::text, summary, payload, requested_by::text`;
  if (!claimed) throw new ApprovalError("already_decided", "This request was already decided by another admin", 409);
  await recordAdminAction(tx, {
    adminId,
    action: decision === "approved" ? "approval.approve" : "approval.reject",
    targetType: TARGET_TYPES[claimed.kind],
    targetId: claimed.target_id,
    before: { approvalId, status: "awaiting", requestedBy: claimed.requested_by },
    after: { approvalId, status: decision, amount: claimed.amount },
    note: note ?? claimed.summary,
  });
  await publishAll([{ channel: ADMIN_CHANNEL, type: "approval", id: approvalId }], tx);
  return claimed;
}

/**
 * A second admin approves a sale's step (its proposal or its completion) inside a
 * transaction the caller owns, claiming the request and carrying the step out together: the
 * demo seed sells its property through this, by the same claim and steps as the approvals page.
 */
export async function approveExitStepIn(tx: Tx, input: { approvalId: string; adminId: string }, now = new Date()) {
  const claimed = await claimIn(tx, input.approvalId, input.adminId, "approved", null);
  if (claimed.kind === "exit_propose") return agreeExitIn(tx, { exitId: claimed.target_id, adminId: input.adminId }, now);
  if (claimed.kind === "exit_complete") return completeExitIn(tx, { exitId: claimed.target_id, adminId: input.adminId }, now);
  throw new ApprovalError("not_found", "This request is not a property sale's", 404);
}

/**
 * A second admin approves: the request is claimed, then the movement is carried out with
 * the approver as its actor. If the movement is refused (the ticket was closed meanwhile,
 * the reservation expired), the request is marked failed with the reason and the error is
 * passed on; the movement's own guards make sure it never happens twice.
 */
export async function approveMoneyMovement(db: PrismaClient, input: { approvalId: string; adminId: string; payoutProvider?: string }) {
  const claimed = await claim(db, input.approvalId, input.adminId, "approved", null);
  try {
    if (claimed.kind === "admin_grant" || claimed.kind === "admin_revoke") {
      const isAdmin = claimed.kind === "admin_grant";
      await setAdminFlag(db, { adminId: input.adminId, userId: claimed.target_id, isAdmin, requestedBy: claimed.requested_by });
      return { kind: claimed.kind, summary: claimed.summary, targetId: claimed.target_id, ticket: null, settled: null };
    }
    if (claimed.kind === "transmission") {
      const transmitted = await executeTransmission(db, { transmissionId: claimed.target_id, adminId: input.adminId });
      return { kind: claimed.kind, summary: claimed.summary, targetId: transmitted.deceasedId, ticket: null, settled: null };
    }
    if (claimed.kind === "valuation") {
      const recorded = await recordApprovedValuation(db, { valuationId: claimed.target_id, adminId: input.adminId });
      return { kind: claimed.kind, summary: claimed.summary, targetId: recorded.propertyId, ticket: null, settled: null };
    }
    if (claimed.kind === "exit_propose") {
      const agreed = await agreeExit(db, { exitId: claimed.target_id, adminId: input.adminId });
      return { kind: claimed.kind, summary: claimed.summary, targetId: agreed.propertyId, ticket: null, settled: null };
    }
    if (claimed.kind === "exit_complete") {
      const completed = await completeExit(db, { exitId: claimed.target_id, adminId: input.adminId });
      return { kind: claimed.kind, summary: claimed.summary, targetId: completed.propertyId, ticket: null, settled: null };
    }
    if (claimed.kind === "ticket_resolve") {
      const payload = claimed.payload as TicketPayload;
      const outcome = await updateTicket(db, {
        ...payload,
        adminId: input.adminId,
        ticketId: claimed.target_id,
        payoutProvider: input.payoutProvider,
      });
      return { kind: claimed.kind, summary: claimed.summary, targetId: claimed.target_id, ticket: outcome, settled: null };
    }
    const payload = claimed.payload as SettlePayload;
    const settled = await settleReservation(db, { adminId: input.adminId, reservationId: claimed.target_id, notes: payload.notes });
    return { kind: claimed.kind, summary: claimed.summary, targetId: claimed.target_id, ticket: null, settled };
  } catch (error) {
    const reason = error instanceof DomainError ? error.message : "The movement could not be carried out";
    await db.$executeRaw`
      UPDATE money_approvals SET status = 'failed', decision_note = ${reason} WHERE id = ${claimed.id}::uuid AND status = 'approved'`;
    if (claimed.kind === "transmission") {
      await db.$executeRaw`UPDATE transmissions SET status = 'failed' WHERE id = ${claimed.target_id}::uuid AND status = 'awaiting'`;
    }
    throw error;
  }
}

export async function rejectMoneyMovement(db: PrismaClient, input: { approvalId: string; adminId: string; note?: string | null }) {
  const note = (input.note ?? "").trim().slice(0, 1000) || null;
  const claimed = await claim(db, input.approvalId, input.adminId, "rejected", note);
  if (claimed.kind === "transmission") {
    await db.$executeRaw`UPDATE transmissions SET status = 'rejected' WHERE id = ${claimed.target_id}::uuid AND status = 'awaiting'`;
  }
  if (claimed.kind === "valuation") await markValuationRejected(db, { valuationId: claimed.target_id, adminId: input.adminId });
  if (claimed.kind === "exit_propose") await withdrawExit(db, { exitId: claimed.target_id, adminId: input.adminId });
  return { kind: claimed.kind, summary: claimed.summary, targetId: claimed.target_id };
}

/** Which targets are waiting, for badges on the support and share-trading pages. */
export async function awaitingTargets(db: PrismaClient): Promise<Set<string>> {
  const rows = await db.moneyApproval.findMany({ where: { status: "awaiting" }, select: { targetId: true } });
  return new Set(rows.map((r) => r.targetId));
}

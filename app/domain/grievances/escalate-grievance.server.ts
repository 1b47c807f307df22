import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { ticketReference } from "~/domain/wallet/request-funds.server";
import { missedOpenClocks, type GrievanceClockName } from "~/lib/grievance-clocks";
import { isUuid } from "~/lib/uuid";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

export type EscalationReason = `${GrievanceClockName}_missed` | "investor";

const REASON_WORDS: Record<EscalationReason, string> = {
  acknowledge_missed: "was not acknowledged within 24 hours",
  resolve_missed: "was not resolved within 15 days",
  scores_missed: "passed the 21-day SEBI SCORES limit",
  investor: "was escalated by the investor",
};

const FINAL_STATUSES = ["resolved", "closed"];

/**
 * Records one escalation and alerts (bell and mail) a second admin: every admin other than the
 * ticket's handler, or every admin when nobody handles it yet. The unique (ticket, reason) key
 * decides, so the same escalation happens once however many callers race; answers false then.
 */
export async function escalateIn(tx: Tx, ticketId: string, reason: EscalationReason, now: Date): Promise<boolean> {
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO grievance_escalations (ticket_id, reason, created_at)
      VALUES (${ticketId}::uuid, ${reason}, ${now})
      ON CONFLICT (ticket_id, reason) DO NOTHING
      RETURNING id`;
  const escalation = inserted[0];
  if (!escalation) return false;

  const ticket = await tx.supportTicket.findUniqueOrThrow({ where: { id: ticketId }, select: { subject: true, handledBy: true } });
  const others = await tx.userProfile.findMany({
    where: { isAdmin: true, ...(ticket.handledBy ? { id: { not: ticket.handledBy } } : {}) },
    select: { id: true, email: true },
  });
  // A lone admin who handles the ticket is still told: someone must hear of it.
  const recipients = others.length
    ? others
    : await tx.userProfile.findMany({ where: { isAdmin: true }, select: { id: true, email: true } });
  const message = `Grievance ${ticketReference(ticketId)} ("${ticket.subject}") ${REASON_WORDS[reason]}.`;
  for (const admin of recipients) {
    await createUserAlert(tx, { userId: admin.id, alertType: "grievance_escalated", title: "Grievance escalated", message });
    try {
      await enqueueMail(
        {
          to: admin.email,
          subject: `Escalated grievance ${ticketReference(ticketId)}`,
          text: `${message}\n\nOpen it on /admin/grievances.`,
        },
        tx,
      );
    } catch (error) {
      logger.warn({ err: error, ticketId }, "could not queue the escalation mail");
    }
  }
  await tx.grievanceEscalation.update({ where: { id: escalation.id }, data: { notified: recipients.map((r) => r.id) } });
  return true;
}

/** The investor escalates their own open grievance, once. */
export async function escalateByInvestor(db: PrismaClient, userId: string, ticketId: string, now = new Date()): Promise<void> {
  await runTransaction(db, "escalate-grievance", async (tx) => {
    const grievance = isUuid(ticketId)
      ? await tx.grievance.findFirst({ where: { ticketId, userId }, select: { ticket: { select: { status: true } } } })
      : null;
    if (!grievance) throw new DomainError("GRIEVANCE_NOT_FOUND", "Complaint not found", 404);
    if (FINAL_STATUSES.includes(grievance.ticket.status)) {
      throw new DomainError("GRIEVANCE_CLOSED", `This request is already ${grievance.ticket.status}; it cannot be escalated`, 409);
    }
    if (!(await escalateIn(tx, ticketId, "investor", now))) {
      throw new DomainError("ALREADY_ESCALATED", "You have already escalated this complaint; a second admin is looking at it", 409);
    }
  });
}

/**
 * The escalation job's work: every open grievance's clocks that are missed and undone are
 * escalated, each in its own transaction. Safe to run twice or at once (escalateIn decides).
 */
export async function escalateMissedClocks(db: PrismaClient, now: Date): Promise<{ checked: number; escalated: number }> {
  const open = await db.grievance.findMany({
    where: { ticket: { status: { in: ["open", "in_progress"] } } },
    select: { ticketId: true, createdAt: true, acknowledgedAt: true },
  });
  let escalated = 0;
  for (const grievance of open) {
    const missed = missedOpenClocks({ createdAt: grievance.createdAt, acknowledgedAt: grievance.acknowledgedAt, resolvedAt: null }, now);
    for (const clock of missed) {
      const done = await runTransaction(db, "escalate-missed-clock", (tx) => escalateIn(tx, grievance.ticketId, `${clock}_missed`, now));
      if (done) escalated += 1;
    }
  }
  return { checked: open.length, escalated };
}

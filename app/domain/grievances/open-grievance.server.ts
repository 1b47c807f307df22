import { DomainError } from "~/domain/errors";
import type { Tx } from "~/services/db.server";

export type GrievanceKind = "complaint" | "correction" | "erasure";

export type NewGrievance = {
  userId: string;
  kind: GrievanceKind;
  subject: string;
  description: string;
  details?: Record<string, unknown>;
  now: Date;
  /** A request the domain settles at once (an erasure): its final status and response. */
  settled?: { status: "resolved" | "closed"; response: string };
};

/** A support ticket and its grievance row, so the grievance clocks start with the ticket. */
export async function openGrievanceIn(tx: Tx, grievance: NewGrievance): Promise<{ ticketId: string }> {
  const profile = await tx.userProfile.findUnique({
    where: { id: grievance.userId },
    select: { fullName: true, email: true, phone: true },
  });
  if (!profile) throw new DomainError("USER_NOT_FOUND", "User not authenticated", 401);
  const { settled, now } = grievance;
  const ticket = await tx.supportTicket.create({
    data: {
      userId: grievance.userId,
      ticketType: "general",
      subject: grievance.subject,
      description: grievance.description,
      priority: "high",
      status: settled?.status ?? "open",
      adminResponse: settled?.response ?? null,
      resolvedAt: settled ? now : null,
      createdAt: now,
      updatedAt: now,
      userContactInfo: { name: profile.fullName, email: profile.email, phone: profile.phone, request_type: grievance.kind },
    },
    select: { id: true },
  });
  await tx.supportTicketEvent.create({
    data: {
      ticketId: ticket.id,
      toStatus: settled?.status ?? "open",
      note: settled?.response ?? `A ${grievance.kind} was raised.`,
      createdAt: now,
    },
  });
  await tx.grievance.create({
    data: {
      ticketId: ticket.id,
      userId: grievance.userId,
      kind: grievance.kind,
      details: (grievance.details ?? {}) as object,
      createdAt: now,
    },
  });
  return { ticketId: ticket.id };
}

/**
 * The first admin update of a grievance's ticket acknowledges it (ADR 0067): any response or
 * status change counts, since updateTicket refuses an update that changes nothing.
 */
export async function acknowledgeGrievanceIn(tx: Tx, ticketId: string, adminId: string, now: Date): Promise<void> {
  await tx.grievance.updateMany({ where: { ticketId, acknowledgedAt: null }, data: { acknowledgedAt: now, acknowledgedBy: adminId } });
}

import { z } from "zod";
import { DomainError } from "~/domain/errors";
import type { Db } from "~/services/db.server";

import { GENERAL_TICKET_LIMITS } from "./general-ticket-limits";

export const generalTicketSchema = z.object({
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(3, "Please enter a subject")
    .max(GENERAL_TICKET_LIMITS.subject, `Subject can be at most ${GENERAL_TICKET_LIMITS.subject} characters`),
  description: z
    .string({ error: "Please describe what you need" })
    .trim()
    .min(10, "Please describe what you need in a few words")
    .max(GENERAL_TICKET_LIMITS.description, `Description can be at most ${GENERAL_TICKET_LIMITS.description} characters`),
  priority: z.enum(["low", "medium", "high"]).default("medium"),
});

export type GeneralTicketInput = z.input<typeof generalTicketSchema>;

/** Opens a general support ticket (not a fund request) for the user, with their contact details. */
export async function createGeneralTicket(db: Db, userId: string, input: GeneralTicketInput): Promise<{ id: string }> {
  const parsed = generalTicketSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(
      "INVALID_TICKET",
      issue?.message ?? "Request Failed - Unable to submit your request. Please try again.",
      400,
      String(issue?.path[0] ?? ""),
    );
  }
  const profile = await db.userProfile.findUnique({ where: { id: userId }, select: { fullName: true, email: true, phone: true } });
  if (!profile) throw new DomainError("USER_NOT_FOUND", "User not authenticated", 401);
  return db.supportTicket.create({
    data: {
      userId,
      ticketType: "general",
      subject: parsed.data.subject,
      description: parsed.data.description,
      priority: parsed.data.priority,
      userContactInfo: { name: profile.fullName, email: profile.email, phone: profile.phone, request_type: "general" },
    },
    select: { id: true },
  });
}

export type OwnTicket = {
  id: string;
  ticketType: string;
  subject: string;
  status: string;
  priority: string;
  createdAt: string;
  adminResponse: string | null;
};

/** The user's own tickets, newest first. */
export async function listOwnTickets(db: Db, userId: string, limit = 50): Promise<OwnTicket[]> {
  const rows = await db.supportTicket.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, ticketType: true, subject: true, status: true, priority: true, createdAt: true, adminResponse: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

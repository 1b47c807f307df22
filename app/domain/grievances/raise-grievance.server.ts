import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { GENERAL_TICKET_LIMITS } from "~/domain/support/general-ticket-limits";
import { CORRECTABLE_FIELDS } from "~/lib/privacy/data-inventory";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { openGrievanceIn } from "./open-grievance.server";

export const complaintSchema = z.object({
  subject: z
    .string({ error: "Please say what the complaint is about" })
    .trim()
    .min(3, "Please say what the complaint is about")
    .max(GENERAL_TICKET_LIMITS.subject, `Subject can be at most ${GENERAL_TICKET_LIMITS.subject} characters`),
  description: z
    .string({ error: "Please describe the complaint" })
    .trim()
    .min(10, "Please describe the complaint in a few words")
    .max(GENERAL_TICKET_LIMITS.description, `Description can be at most ${GENERAL_TICKET_LIMITS.description} characters`),
});

const FIELD_IDS = CORRECTABLE_FIELDS.map((f) => f.id) as [string, ...string[]];

export const correctionSchema = z.object({
  field: z.enum(FIELD_IDS, { error: "Choose what should be corrected" }),
  value: z
    .string({ error: "Please write the correct value" })
    .trim()
    .min(1, "Please write the correct value")
    .max(500, "The correct value can be at most 500 characters"),
  explanation: z.string().trim().max(GENERAL_TICKET_LIMITS.description).default(""),
});

export type ComplaintInput = z.input<typeof complaintSchema>;
export type CorrectionInput = z.input<typeof correctionSchema>;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError("INVALID_GRIEVANCE", issue?.message ?? "Please check the form", 400, String(issue?.path[0] ?? ""));
}

/** The investor raises a complaint: a ticket on the grievance clocks. */
export async function raiseComplaint(db: PrismaClient, userId: string, input: ComplaintInput, now = new Date()) {
  const complaint = parse(complaintSchema, input);
  return runTransaction(db, "raise-complaint", (tx) =>
    openGrievanceIn(tx, { userId, kind: "complaint", subject: complaint.subject, description: complaint.description, now }),
  );
}

/** The investor asks for a correction of their data (DPDP Act s.12); an admin makes it. */
export async function requestCorrection(db: PrismaClient, userId: string, input: CorrectionInput, now = new Date()) {
  const correction = parse(correctionSchema, input);
  const label = CORRECTABLE_FIELDS.find((f) => f.id === correction.field)?.label ?? correction.field;
  return runTransaction(db, "request-correction", (tx) =>
    openGrievanceIn(tx, {
      userId,
      kind: "correction",
      subject: `Correction of my data: ${label}`,
      description: [`Correct value: ${correction.value}`, correction.explanation].filter(Boolean).join("\n\n"),
      details: { field: correction.field, value: correction.value },
      now,
    }),
  );
}

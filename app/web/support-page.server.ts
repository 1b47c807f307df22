import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { createGeneralTicket, generalTicketSchema, listOwnTickets } from "~/domain/support/create-general-ticket.server";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** What the Support page shows: the user's own tickets. */
export async function loadSupportPage(user: SessionUser) {
  return { tickets: await listOwnTickets(getPrisma(), user.id) };
}

/** A refused ticket: conform's reply, with what was typed and each field's message. */
export type SupportReply = { result: SubmissionResult<string[]> | null };

/** The Support page's form (both dashboards): a general ticket, then back to `back` with the spec's toast. */
export async function submitSupportTicket(request: Request, user: SessionUser, back: string) {
  // The domain's own schema, read as typed (an empty field is the field's "too short", as the domain says it).
  const submission = parseWithZod(await readFormData(request), { schema: generalTicketSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data<SupportReply>({ result: submission.reply() }, { status: 400 });
  try {
    await createGeneralTicket(getPrisma(), user.id, submission.value);
  } catch (error) {
    return replyToDomainError(error, submission);
  }
  return redirectWithToast(back, {
    kind: "success",
    title: "Request Submitted Successfully",
    description: "A customer support person will contact you soon",
  });
}

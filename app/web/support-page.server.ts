import { createGeneralTicket, listOwnTickets } from "~/domain/support/create-general-ticket.server";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** What the Support page shows: the user's own tickets. */
export async function loadSupportPage(user: SessionUser) {
  return { tickets: await listOwnTickets(getPrisma(), user.id) };
}

export type SupportReply = { values: { subject: string; description: string; priority: string }; field: string; message: string };

/** The Support page's form (both dashboards): a general ticket, then back to `back` with the spec's toast. */
export async function submitSupportTicket(request: Request, user: SessionUser, back: string) {
  const form = await readFormData(request);
  const values = {
    subject: String(form.get("subject") ?? ""),
    description: String(form.get("description") ?? ""),
    priority: String(form.get("priority") ?? "medium"),
  };
  try {
    await createGeneralTicket(getPrisma(), user.id, {
      subject: values.subject,
      description: values.description,
      priority: values.priority as "low" | "medium" | "high",
    });
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal): SupportReply => ({ values, field: refusal.field ?? "", message: refusal.message }),
    });
  }
  return redirectWithToast(back, {
    kind: "success",
    title: "Request Submitted Successfully",
    description: "A customer support person will contact you soon",
  });
}

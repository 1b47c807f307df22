import { data } from "@remix-run/node";
import { getTicketDetail, listTickets } from "~/domain/support/list-tickets.server";
import { AWAITING_APPROVAL, awaitingTargets, updateTicketFourEyes } from "~/domain/approvals/four-eyes.server";
import { TICKET_UPDATED } from "~/domain/support/update-ticket.server";
import { paths } from "~/lib/paths";
import { safeRedirectTo } from "~/lib/redirect-to";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { fieldErrorOf, replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

export async function loadSupportDesk(request: Request) {
  const url = new URL(request.url);
  const filters = {
    status: url.searchParams.get("status") ?? undefined,
    type: url.searchParams.get("type") ?? undefined,
    priority: url.searchParams.get("priority") ?? undefined,
  };
  const selectedId = url.searchParams.get("ticket");
  const prisma = getPrisma();
  const [tickets, selected, awaiting] = await Promise.all([
    listTickets(prisma, filters),
    selectedId ? getTicketDetail(prisma, selectedId) : Promise.resolve(null),
    awaitingTargets(prisma),
  ]);
  // A large deposit or withdrawal recorded by one admin waits for a second (ADR 0033).
  const awaitingApproval = selected ? awaiting.has(selected.id) : false;
  return { tickets, selected, filters, search: url.search, awaitingApproval };
}

export type TicketUpdateReply = { ticketId: string; updated: boolean; fieldErrors: Record<string, string>; formError: string | null };

/** The ticket form: status, response, received amount, subscription switch; 'Ticket Updated' on success. */
export async function submitTicketUpdate(request: Request, admin: SessionUser) {
  const form = await readFormData(request);
  const ticketId = String(form.get("ticketId") ?? "");
  const returnTo = String(form.get("returnTo") ?? "");
  try {
    const outcome = await updateTicketFourEyes(
      getPrisma(),
      {
        adminId: admin.id,
        ticketId,
        status: String(form.get("status") ?? ""),
        adminResponse: String(form.get("adminResponse") ?? ""),
        receivedAmount: form.get("receivedAmount") === null ? undefined : String(form.get("receivedAmount")),
        maxReceived: String(getEnv().DEPOSIT_MAX_PER_REQUEST_INR),
        activateSubscription: form.get("activateSubscription") === "on",
      },
      getEnv().FOUR_EYES_THRESHOLD_INR,
    );
    // Above the four-eyes amount nothing moved yet: a second admin approves it (ADR 0033).
    if (outcome.state === "awaiting") {
      return redirectWithToast(paths.admin.approvals(), {
        kind: "success",
        title: AWAITING_APPROVAL,
        description: `${outcome.summary} recorded; another admin must approve it before the money moves.`,
      });
    }
    // With scripts the page shows the toast itself: a flash cookie could be read by a live
    // revalidation racing the redirect's own page load, and the notice would be lost.
    if (form.get("enhanced") === "true") return data<TicketUpdateReply>({ ticketId, updated: true, fieldErrors: {}, formError: null });
    // Back to the same filters and ticket; only our own page's query is accepted.
    const back = `${paths.admin.support()}?ticket=${encodeURIComponent(ticketId)}`;
    const next = returnTo.startsWith("?") ? safeRedirectTo(`${paths.admin.support()}${returnTo}`, back) : back;
    return redirectWithToast(next, { kind: "success", title: TICKET_UPDATED });
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal): TicketUpdateReply => ({
        ticketId,
        updated: false,
        fieldErrors: fieldErrorOf(refusal),
        formError: refusal.field ? null : refusal.message,
      }),
    });
  }
}

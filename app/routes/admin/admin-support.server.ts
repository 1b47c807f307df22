import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { getTicketDetail, listTicketPage } from "~/domain/support/list-tickets.server";
import { readPageDirection } from "~/domain/admin/list-cursor";
import { payoutProvider, sendPayoutSoon } from "~/web/payouts.server";
import { AWAITING_APPROVAL, awaitingTargets, updateTicketFourEyes } from "~/domain/approvals/four-eyes.server";
import { receivedAmountRules, TICKET_UPDATED } from "~/domain/support/update-ticket.server";
import { paths } from "~/lib/paths";
import { rupeeField } from "~/lib/rupee-field";
import { safeRedirectTo } from "~/lib/redirect-to";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

export async function loadSupportDesk(request: Request) {
  const url = new URL(request.url);
  const filters = {
    status: url.searchParams.get("status") ?? undefined,
    type: url.searchParams.get("type") ?? undefined,
    priority: url.searchParams.get("priority") ?? undefined,
  };
  const selectedId = url.searchParams.get("ticket");
  const prisma = getPrisma();
  const direction = readPageDirection(url.searchParams);
  const [page, selected, awaiting] = await Promise.all([
    listTicketPage(prisma, filters, direction),
    selectedId ? getTicketDetail(prisma, selectedId) : Promise.resolve(null),
    awaitingTargets(prisma),
  ]);
  // A large deposit or withdrawal recorded by one admin waits for a second (ADR 0033).
  const awaitingApproval = selected ? awaiting.has(selected.id) : false;
  const pageQuery = direction ? ("after" in direction ? { after: direction.after } : { before: direction.before }) : {};
  return {
    tickets: page.rows,
    pages: { newer: page.newer, older: page.older },
    pageQuery,
    selected,
    filters,
    search: url.search,
    awaitingApproval,
  };
}

/**
 * The ticket form. A received amount is read only when resolving (a deposit credits it), and a
 * field left empty is refused rather than taken as the amount requested: the form is read
 * without conform's coercion of "" to "missing" for that reason. The status's own rules
 * (which moves a ticket may make) are the domain's.
 */
function ticketUpdateSchema(maxReceived: string) {
  const received = rupeeField(receivedAmountRules(maxReceived));
  return z
    .object({
      ticketId: z.string().default(""),
      returnTo: z.string().default(""),
      status: z.string().default(""),
      adminResponse: z.string().default(""),
      receivedAmount: z.string().optional(),
      bankReference: z.string().optional(),
      activateSubscription: z.string().optional(),
      enhanced: z.string().optional(),
    })
    .transform((form, ctx) => {
      if (form.status !== "resolved" || form.receivedAmount === undefined) return { ...form, receivedAmount: undefined };
      const amount = received.safeParse(form.receivedAmount);
      if (amount.success) return { ...form, receivedAmount: amount.data.toFixed(2) };
      for (const issue of amount.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["receivedAmount"] });
      return z.NEVER;
    });
}

/** The ticket form: status, response, received amount, subscription switch; 'Ticket Updated' on success. */
export async function submitTicketUpdate(request: Request, admin: SessionUser) {
  const maxReceived = String(getEnv().DEPOSIT_MAX_PER_REQUEST_INR);
  const submission = parseWithZod(await readFormData(request), { schema: ticketUpdateSchema(maxReceived), disableAutoCoercion: true });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const { ticketId, returnTo, status, adminResponse, receivedAmount, bankReference, activateSubscription, enhanced } = submission.value;
  try {
    const outcome = await updateTicketFourEyes(
      getPrisma(),
      {
        adminId: admin.id,
        ticketId,
        status,
        adminResponse,
        receivedAmount,
        maxReceived,
        activateSubscription: activateSubscription === "on",
        bankReference,
        payoutProvider: payoutProvider(),
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
    sendPayoutSoon(outcome.result.payoutId);
    // With scripts the page shows the toast itself: a flash cookie could be read by a live
    // revalidation racing the redirect's own page load, and the notice would be lost.
    if (enhanced === "true") return data({ updated: true, result: submission.reply({ resetForm: true }), followUp: null });
    // Back to the same filters and ticket; only our own page's query is accepted.
    const back = `${paths.admin.support()}?ticket=${encodeURIComponent(ticketId)}`;
    const next = returnTo.startsWith("?") ? safeRedirectTo(`${paths.admin.support()}${returnTo}`, back) : back;
    return redirectWithToast(next, { kind: "success", title: TICKET_UPDATED });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

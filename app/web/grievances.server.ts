import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import {
  getRepresentative,
  nominateRepresentative,
  removeRepresentative,
  representativeSchema,
} from "~/domain/grievances/data-representative.server";
import { escalateByInvestor } from "~/domain/grievances/escalate-grievance.server";
import { getOwnGrievance, listOpenGrievances, listOwnDataRequests, listOwnGrievances } from "~/domain/grievances/list-grievances.server";
import { complaintSchema, correctionSchema, raiseComplaint, requestCorrection } from "~/domain/grievances/raise-grievance.server";
import { requestErasure } from "~/domain/grievances/request-erasure.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { formRefusal, readFormData } from "~/web/form-data.server";
import { loadAccountShell } from "~/web/account-shell.server";
import { mayUseDashboard, type SessionUser } from "~/web/guards.server";

/** A refused form: conform's reply, with what was typed and each field's message; `form` names which form. */
export type GrievanceReply = { result: SubmissionResult<string[]> | null; form?: string };

export async function loadComplaints(user: SessionUser) {
  return { grievances: await listOwnGrievances(getPrisma(), user.id, new Date()) };
}

export async function submitComplaint(request: Request, user: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: complaintSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data<GrievanceReply>({ result: submission.reply() }, { status: 400 });
  let ticketId: string;
  try {
    ({ ticketId } = await raiseComplaint(getPrisma(), user.id, submission.value));
  } catch (error) {
    return replyToDomainError(error, submission);
  }
  return redirectWithToast(paths.dashboard.complaint(ticketId), {
    kind: "success",
    title: "Complaint registered",
    description: "We acknowledge it within 24 hours and resolve it within 15 days.",
  });
}

export async function loadComplaint(user: SessionUser, ticketId: string) {
  const grievance = await getOwnGrievance(getPrisma(), user.id, ticketId, new Date());
  if (!grievance) throw data(null, { status: 404 });
  return { grievance };
}

export async function submitEscalation(request: Request, user: SessionUser, ticketId: string) {
  const form = await readFormData(request);
  if (form.get("intent") !== "escalate") return formRefusal();
  try {
    await escalateByInvestor(getPrisma(), user.id, ticketId);
  } catch (error) {
    return replyToDomainError(error, null);
  }
  return redirectWithToast(paths.dashboard.complaint(ticketId), {
    kind: "success",
    title: "Complaint escalated",
    description: "A second member of our team has been alerted.",
  });
}

/**
 * The data-rights page of any signed-in user (ADR 0082): their representative and their own
 * requests with clocks and refusals. Each request links to its page only for users the
 * dashboard admits; the others read everything here.
 */
export async function loadDataRights(user: SessionUser) {
  const prisma = getPrisma();
  const [representative, requests, shell] = await Promise.all([
    getRepresentative(prisma, user.id),
    listOwnDataRequests(prisma, user.id, new Date()),
    loadAccountShell(user),
  ]);
  return { representative, requests, shell, requestPagesOpen: mayUseDashboard(user) };
}

/** The data-rights page's forms, told apart by `intent`. */
export async function submitDataRights(request: Request, user: SessionUser) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  const back = paths.dashboard.dataRights();
  // A request's own page is on the investor dashboard; whoever it does not admit comes back here.
  const requestPage = (ticketId: string) => (mayUseDashboard(user) ? paths.dashboard.complaint(ticketId) : back);
  const prisma = getPrisma();
  if (intent === "correction") {
    const submission = parseWithZod(form, { schema: correctionSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return data<GrievanceReply>({ result: submission.reply(), form: "correction" }, { status: 400 });
    try {
      const { ticketId } = await requestCorrection(prisma, user.id, submission.value);
      return redirectWithToast(requestPage(ticketId), { kind: "success", title: "Correction requested" });
    } catch (error) {
      return replyToDomainError(error, submission, { extra: { form: "correction" } });
    }
  }
  if (intent === "erasure") {
    try {
      const outcome = await requestErasure(prisma, user.id, { categories: form.getAll("categories") });
      const refused = outcome.refused.length > 0;
      return redirectWithToast(requestPage(outcome.ticketId), {
        kind: refused ? "error" : "success",
        title: outcome.erased.length ? "Data erased" : "Erasure refused",
        description: refused ? "Some records must be kept by law; the reasons are on this page." : "The data you chose was erased.",
      });
    } catch (error) {
      return replyToDomainError(error, null, { extra: { form: "erasure" } });
    }
  }
  if (intent === "representative") {
    const submission = parseWithZod(form, { schema: representativeSchema, disableAutoCoercion: true });
    if (submission.status !== "success")
      return data<GrievanceReply>({ result: submission.reply(), form: "representative" }, { status: 400 });
    try {
      await nominateRepresentative(prisma, user.id, submission.value);
    } catch (error) {
      return replyToDomainError(error, submission, { extra: { form: "representative" } });
    }
    return redirectWithToast(back, { kind: "success", title: "Representative saved" });
  }
  if (intent === "remove-representative") {
    await removeRepresentative(prisma, user.id);
    return redirectWithToast(back, { kind: "success", title: "Representative removed" });
  }
  return formRefusal();
}

export async function loadAdminGrievances() {
  return { grievances: await listOpenGrievances(getPrisma(), new Date()) };
}

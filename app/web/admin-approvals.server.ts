import { data } from "@remix-run/node";
import { approverStanding } from "~/domain/approvals/approver.server";
import { approveMoneyMovement, rejectMoneyMovement } from "~/domain/approvals/four-eyes.server";
import { listMoneyApprovals } from "~/domain/approvals/list-approvals.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { announceSettled } from "~/web/share-trading-admin.server";

export async function loadApprovals(admin: SessionUser) {
  const [lists, standing] = await Promise.all([listMoneyApprovals(getPrisma()), approverStanding(getPrisma(), admin.id)]);
  return {
    ...lists,
    viewerId: admin.id,
    // Why this admin may not approve yet (new rights, KYC not approved), or null.
    viewerCannotApprove: standing.mayApprove ? null : standing.reason,
    threshold: String(getEnv().FOUR_EYES_THRESHOLD_INR),
  };
}

export type ApprovalReply = { approvalId: string; message: string };

/** Approve or Reject on /admin/approvals; the requester's own request is refused (403). */
export async function decideApproval(request: Request, admin: SessionUser) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const approvalId = String(form.get("approvalId") ?? "");
  const prisma = getPrisma();
  try {
    if (intent === "approve") {
      const done = await approveMoneyMovement(prisma, { approvalId, adminId: admin.id });
      if (done.settled) await announceSettled(admin.id, done.settled);
      return redirectWithToast(paths.admin.approvals(), {
        kind: "success",
        title: "Approved",
        description: `${done.summary} was carried out.`,
      });
    }
    if (intent === "reject") {
      const done = await rejectMoneyMovement(prisma, { approvalId, adminId: admin.id, note: String(form.get("note") ?? "") });
      return redirectWithToast(paths.admin.approvals(), {
        kind: "success",
        title: "Rejected",
        description: `${done.summary} will not be carried out.`,
      });
    }
    return data<ApprovalReply>({ approvalId, message: "Unknown request" }, { status: 400 });
  } catch (error) {
    return replyToDomainError(error, null, { reply: (refusal): ApprovalReply => ({ approvalId, message: refusal.message }) });
  }
}

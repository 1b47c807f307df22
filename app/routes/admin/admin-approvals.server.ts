import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { approverStanding } from "~/domain/approvals/approver.server";
import { approveMoneyMovement, rejectMoneyMovement } from "~/domain/approvals/four-eyes.server";
import { listMoneyApprovals } from "~/domain/approvals/list-approvals.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { drainMailOutboxSoon } from "~/services/mail/mail-outbox.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { payoutProvider, sendPayoutSoon } from "~/web/payouts.server";
import { announceSettled } from "~/web/share-trading-admin.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

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

// An approval that is not there (an empty or unknown id) is the domain's 404, not a form error.
const approvalId = z.string().default("");
const decisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), approvalId }),
    z.object({ intent: z.literal("reject"), approvalId, note: z.string().default("") }),
  ],
  { error: "Unknown request" },
);

/** Approve or Reject on /admin/approvals; the requester's own request is refused (403). */
export async function decideApproval(request: Request, admin: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: decisionSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const decision = submission.value;
  const prisma = getPrisma();
  try {
    if (decision.intent === "approve") {
      const done = await approveMoneyMovement(prisma, {
        approvalId: decision.approvalId,
        adminId: admin.id,
        payoutProvider: payoutProvider(),
      });
      if (done.settled) await announceSettled(admin.id, done.settled);
      sendPayoutSoon(done.ticket?.payoutId);
      // A sale's step wrote its holders' mails to the outbox in its transaction; send them now.
      if (done.kind === "exit_propose" || done.kind === "exit_complete") await drainMailOutboxSoon(prisma);
      return redirectWithToast(paths.admin.approvals(), {
        kind: "success",
        title: "Approved",
        description: `${done.summary} was carried out.`,
      });
    }
    const done = await rejectMoneyMovement(prisma, { approvalId: decision.approvalId, adminId: admin.id, note: decision.note });
    return redirectWithToast(paths.admin.approvals(), {
      kind: "success",
      title: "Rejected",
      description: `${done.summary} will not be carried out.`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { ADMIN_CHANNEL, alertsChannel } from "~/lib/live-channels";
import { KYC_TOASTS } from "~/lib/kyc/kyc-steps";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { publishAll } from "~/services/realtime/publish.server";
import type { Clock } from "./kyc-errors.server";
import { type KycStatus } from "~/lib/enums";

export type KycDecision = "approve" | "reject";

export type KycDecisionMail = { to: string; subject: string; text: string };

const MAX_TEXT = 1000;

/**
 * An admin's decision on a submission under review (or pending), exactly once: the status
 * changes by a conditional update, so of two admins deciding at the same moment one wins
 * and the other hears it was already reviewed. Approve sets approved and kyc_approved_at;
 * reject needs a reason, clears kyc_approved_at and keeps the reason for the investor. The
 * submission's pending documents record the decision, the notes, the reviewing admin (ADR
 * 0007) and the time; the audit log, the investor's alert and the live events are written
 * in the same transaction, and so is the investor's e-mail (queued with the decision, so it
 * exists exactly when the decision does; a failure to queue it is logged and the decision stands,
 * since the investor also has the alert).
 */
export async function reviewKyc(
  db: PrismaClient,
  input: { adminId: string; userId: string; decision: KycDecision; reason?: string; notes?: string },
  clock: Clock,
): Promise<{ status: Extract<KycStatus, "approved" | "rejected">; mail: KycDecisionMail }> {
  const reason = input.reason?.trim() ?? "";
  const notes = input.notes?.trim() || null;
  if (input.decision === "reject" && !reason) {
    throw new DomainError("kyc.reason_required", "Please give a reason for rejecting this KYC submission.", 422, "reason");
  }
  if (reason.length > MAX_TEXT || (notes?.length ?? 0) > MAX_TEXT) {
    throw new DomainError("kyc.text_too_long", `Keep the reason and notes under ${MAX_TEXT} characters.`, 422);
  }
  const now = clock.now();
  const approved = input.decision === "approve";
  const status = approved ? "approved" : "rejected";

  return runTransaction(db, "kyc.review", async (tx) => {
    const before = await tx.userProfile.findUnique({
      where: { id: input.userId },
      select: { email: true, fullName: true, kycStatus: true, kycApprovedAt: true, kycRejectionReason: true },
    });
    if (!before) throw new DomainError("kyc.not_found", "This KYC submission no longer exists.", 404);
    const changed = await tx.userProfile.updateMany({
      where: { id: input.userId, kycStatus: { in: ["pending", "under_review"] } },
      data: { kycStatus: status, kycApprovedAt: approved ? now : null, kycRejectionReason: approved ? null : reason },
    });
    if (changed.count === 0) throw new DomainError("kyc.already_reviewed", "This KYC submission has already been reviewed.", 409);

    const documentNotes = [approved ? null : `Rejected: ${reason}`, notes].filter(Boolean).join("\n") || null;
    await tx.kycDocument.updateMany({
      where: { userId: input.userId, verificationStatus: "pending" },
      data: { verificationStatus: status, adminNotes: documentNotes, reviewedBy: input.adminId, reviewedAt: now },
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: approved ? "kyc.approve" : "kyc.reject",
      targetType: "user_profile",
      targetId: input.userId,
      before: { kyc_status: before.kycStatus, kyc_approved_at: before.kycApprovedAt?.toISOString() ?? null },
      after: { kyc_status: status, kyc_approved_at: approved ? now.toISOString() : null, reason: approved ? null : reason },
      note: notes ?? undefined,
    });
    const toast = approved ? KYC_TOASTS.approved : KYC_TOASTS.rejected;
    await createUserAlert(tx, {
      userId: input.userId,
      alertType: approved ? "kyc_approved" : "kyc_rejected",
      title: toast.title,
      message: approved ? toast.description : `${toast.description} Reason: ${reason}`,
    });
    await publishAll(
      [
        { channel: alertsChannel(input.userId), type: `kyc.${status}`, id: input.userId },
        { channel: ADMIN_CHANNEL, type: `kyc.${status}`, id: input.userId },
      ],
      tx,
    );
    const greeting = `Hello ${before.fullName ?? "there"},`;
    const mail: KycDecisionMail = approved
      ? {
          to: before.email,
          subject: "KYC Approved - You can now invest in properties",
          text: `${greeting}\n\nYour KYC verification is approved. You can now invest in properties.`,
        }
      : {
          to: before.email,
          subject: "KYC Rejected - Your KYC was rejected. Please review and resubmit.",
          text: `${greeting}\n\nYour KYC was rejected. Please review and resubmit.\n\nReason: ${reason}`,
        };
    await queueDecisionMail(tx, mail, input.userId);
    return { status, mail };
  });
}

async function queueDecisionMail(tx: Tx, mail: KycDecisionMail, userId: string): Promise<void> {
  try {
    await enqueueMail(mail, tx);
  } catch (error) {
    logger.warn({ err: error, userId }, "could not queue the KYC decision mail");
  }
}

import { randomUUID } from "node:crypto";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { ADMIN_CHANNEL, alertsChannel } from "~/lib/live-channels";
import { regionByCode } from "~/lib/india-states";
import { maskToLast4 } from "~/lib/kyc/identity-numbers";
import { KYC_TOASTS } from "~/lib/kyc/kyc-steps";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { getKycDraft, REQUIRED_DOCUMENT_SLOTS, type DraftFileSlot } from "./kyc-draft.server";
import { KycRefused, type Clock } from "./kyc-errors.server";

const SUBMITTABLE = ["pending", "rejected"] as const;

/**
 * Turns the finished draft into a submission: the profile gets the personal details,
 * kyc_status under_review and kyc_submitted_at; each file becomes a kyc_documents row of
 * this submission (earlier submissions' rows stay as they were); the bank details travel
 * as metadata with the account number masked to its last 4 digits. The investor's alert
 * and the admins' live event are sent at commit. The draft is removed.
 */
export async function submitKyc(db: PrismaClient, input: { userId: string }, clock: Clock): Promise<{ submissionId: string }> {
  const now = clock.now();
  return runTransaction(db, "kyc.submit", async (tx) => {
    // Locks the profile, so two submits from two tabs cannot both write rows.
    const locked = await tx.$queryRaw<{ kyc_status: string }[]>`
      SELECT kyc_status::text FROM user_profiles WHERE user_id = ${input.userId}::uuid FOR UPDATE`;
    const status = locked[0]?.kyc_status;
    if (!status || !(SUBMITTABLE as readonly string[]).includes(status)) {
      throw new KycRefused("submissionFailed", "Your KYC has already been submitted.", 409);
    }
    const { data } = await getKycDraft(tx, input.userId);
    const personal = data.personal;
    if (!personal || !regionByCode(personal.stateCode)) throw new KycRefused("incomplete");
    if (!data.documents || REQUIRED_DOCUMENT_SLOTS.some((slot) => !data.files?.[slot])) throw new KycRefused("documents");
    if (!data.bank) throw new KycRefused("bank");
    if (!data.files?.selfie) throw new KycRefused("selfie");

    const submissionId = randomUUID();
    const bank = {
      account_number: maskToLast4(data.bank.accountNumber),
      ifsc_code: data.bank.ifscCode,
      bank_name: data.bank.bankName,
      account_type: data.bank.accountType,
    };
    const files = Object.entries(data.files).filter((entry): entry is [DraftFileSlot, NonNullable<(typeof entry)[1]>] => !!entry[1]);
    await tx.kycDocument.createMany({
      data: files.map(([slot, file], index) => ({
        userId: input.userId,
        submissionId,
        documentType: slot,
        fileName: file.fileName,
        storageKey: file.key,
        mimeType: file.mime,
        fileSize: file.size,
        metadata:
          slot === "pan_card"
            ? { ...bank, pan_number: data.documents!.panNumber }
            : slot === "aadhaar_front" && data.documents!.aadhaarMasked
              ? { aadhaar_number: data.documents!.aadhaarMasked, aadhaar_consent_at: data.documents!.aadhaarConsentAt ?? null }
              : slot === "aadhaar_front"
                ? { aadhaar_consent_at: data.documents!.aadhaarConsentAt ?? null }
                : {},
        // One timestamp per row in upload order, so "newest first" lists them stably.
        createdAt: new Date(now.getTime() + index),
      })),
    });
    await tx.userProfile.update({
      where: { id: input.userId },
      data: {
        fullName: personal.fullName,
        dateOfBirth: personal.dateOfBirth ? new Date(`${personal.dateOfBirth}T00:00:00Z`) : undefined,
        address: personal.address,
        city: personal.city,
        // The code is the record (GST place of supply, ADR 0053); the name is kept for display.
        stateCode: personal.stateCode,
        state: regionByCode(personal.stateCode)?.name,
        postalCode: personal.postalCode,
        phone: personal.phone,
        country: personal.country,
        kycStatus: "under_review",
        kycSubmittedAt: now,
      },
    });
    await tx.kycDraft.delete({ where: { userId: input.userId } });
    await createUserAlert(tx, {
      userId: input.userId,
      alertType: "kyc_submitted",
      title: KYC_TOASTS.submitted.title,
      message: KYC_TOASTS.submitted.description,
    });
    await publishAll(
      [
        { channel: alertsChannel(input.userId), type: "kyc.submitted", id: submissionId },
        { channel: ADMIN_CHANNEL, type: "kyc.submitted", id: input.userId },
      ],
      tx,
    );
    return { submissionId };
  });
}

import type { Db } from "~/services/db.server";
import { getKycDraft, type DraftData } from "./kyc-draft.server";
import { type KycStatus } from "~/lib/enums";

export type KycWizardFile = { id: string; slot: string; fileName: string; mime: string; uploadedAt: string };

export type KycWizardView = {
  status: KycStatus;
  rejectionReason: string | null;
  submittedAt: Date | null;
  currentStep: number;
  personal: Record<string, string>;
  documents: { panNumber: string; aadhaarMasked: string | null } | null;
  /** The bank details without the account number, which is shown masked. */
  bank: { accountNumberMasked: string; ifscCode: string; bankName: string; accountType: string } | null;
  files: KycWizardFile[];
};

function personalDefaults(profile: {
  fullName: string | null;
  dateOfBirth: Date | null;
  address: string | null;
  city: string | null;
  stateCode: string | null;
  postalCode: string | null;
  phone: string | null;
  country: string | null;
}): Record<string, string> {
  const entries = {
    fullName: profile.fullName,
    dateOfBirth: profile.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    address: profile.address,
    city: profile.city,
    stateCode: profile.stateCode,
    postalCode: profile.postalCode,
    phone: profile.phone,
    country: profile.country,
  };
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function filesOf(data: DraftData): KycWizardFile[] {
  return Object.entries(data.files ?? {}).flatMap(([slot, file]) =>
    file ? [{ id: file.key.split("/").pop()!, slot, fileName: file.fileName, mime: file.mime, uploadedAt: file.uploadedAt }] : [],
  );
}

/**
 * What /kyc shows: the KYC status (and the admin's reason after a rejection) and the
 * draft, with the profile's saved details filling step 1 until the investor changes them.
 */
export async function getKycWizard(db: Db, userId: string): Promise<KycWizardView> {
  const profile = await db.userProfile.findUniqueOrThrow({
    where: { id: userId },
    select: {
      kycStatus: true,
      kycRejectionReason: true,
      kycSubmittedAt: true,
      fullName: true,
      dateOfBirth: true,
      address: true,
      city: true,
      stateCode: true,
      postalCode: true,
      phone: true,
      country: true,
    },
  });
  const draft = await getKycDraft(db, userId);
  const bank = draft.data.bank;
  return {
    status: profile.kycStatus,
    rejectionReason: profile.kycStatus === "rejected" ? profile.kycRejectionReason : null,
    submittedAt: profile.kycSubmittedAt,
    currentStep: draft.currentStep,
    personal: { ...personalDefaults(profile), ...draft.data.personal },
    documents: draft.data.documents
      ? { panNumber: draft.data.documents.panNumber, aadhaarMasked: draft.data.documents.aadhaarMasked ?? null }
      : null,
    bank: bank
      ? {
          accountNumberMasked: `XXXX${bank.accountNumber.slice(-4)}`,
          ifscCode: bank.ifscCode,
          bankName: bank.bankName,
          accountType: bank.accountType,
        }
      : null,
    files: filesOf(draft.data),
  };
}

import { z } from "zod";
import type { Db } from "~/services/db.server";
import { bankStepSchema, documentNumbersSchema, KYC_STEP_COUNT, personalStepSchema } from "~/lib/kyc/kyc-steps";
import { isIndiaRegionCode } from "~/lib/india-states";
import { maskToLast4 } from "~/lib/kyc/identity-numbers";
import { KycRefused, type Clock } from "./kyc-errors.server";

/** A file uploaded during the wizard, not yet part of a submission. */
export const fileRefSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type DraftFile = z.infer<typeof fileRefSchema>;

export const DRAFT_FILE_SLOTS = ["pan_card", "aadhaar_front", "aadhaar_back", "proof_of_address", "selfie"] as const;
export type DraftFileSlot = (typeof DRAFT_FILE_SLOTS)[number];
export const REQUIRED_DOCUMENT_SLOTS = ["pan_card", "aadhaar_front", "aadhaar_back"] as const satisfies readonly DraftFileSlot[];

const draftDataSchema = z.object({
  personal: z.record(z.string(), z.string()).optional(),
  documents: z.object({ panNumber: z.string(), aadhaarMasked: z.string().optional(), aadhaarConsentAt: z.string().optional() }).optional(),
  bank: z
    // accountNumber is kept masked to its last 4 digits (XXXXXXXX1234).
    .object({ accountNumber: z.string(), ifscCode: z.string(), bankName: z.string(), accountType: z.enum(["savings", "current"]) })
    .optional(),
  files: z.partialRecord(z.enum(DRAFT_FILE_SLOTS), fileRefSchema).optional(),
});
export type DraftData = z.infer<typeof draftDataSchema>;

export type KycDraftView = { currentStep: number; data: DraftData };

/**
 * The user's draft, or an empty one at step 1 (nothing is written until a step is saved).
 * A draft saved before the state was chosen from the list (ADR 0053) is back at step 1.
 */
export async function getKycDraft(db: Db, userId: string): Promise<KycDraftView> {
  const row = await db.kycDraft.findUnique({ where: { userId } });
  if (!row) return { currentStep: 1, data: {} };
  const parsed = draftDataSchema.safeParse(row.data);
  const data = parsed.success ? parsed.data : {};
  const stateCode = data.personal?.stateCode;
  const needsState = data.personal !== undefined && !(stateCode && isIndiaRegionCode(stateCode));
  return { currentStep: needsState ? 1 : row.currentStep, data };
}

async function writeDraft(db: Db, userId: string, data: DraftData, currentStep: number, clock: Clock) {
  const json = data as object;
  await db.kycDraft.upsert({
    where: { userId },
    create: { userId, data: json, currentStep, updatedAt: clock.now() },
    update: { data: json, currentStep, updatedAt: clock.now() },
  });
}

export type KycStepInput =
  | { userId: string; step: "personal"; data: Record<string, unknown> }
  | { userId: string; step: "documents"; data: Record<string, unknown> }
  | { userId: string; step: "bank"; data: Record<string, unknown> }
  | { userId: string; step: "photo"; data?: undefined };

const STEP_NUMBER = { personal: 1, documents: 2, bank: 3, photo: 4 } as const;

/**
 * Checks one step's answers against the draft (files already attached with
 * attachDraftFiles), stores them, and moves the draft to the next step. A refusal carries
 * the step's toast (Incomplete Information, Documents Required, ...) and leaves the draft as it was.
 */
export async function saveKycStep(db: Db, input: KycStepInput, clock: Clock): Promise<KycDraftView> {
  const draft = await getKycDraft(db, input.userId);
  const data: DraftData = { ...draft.data };
  switch (input.step) {
    case "personal": {
      const parsed = personalStepSchema(clock.now()).safeParse(input.data);
      if (!parsed.success) throw new KycRefused("incomplete", parsed.error.issues[0]?.message);
      data.personal = parsed.data;
      break;
    }
    case "documents": {
      if (REQUIRED_DOCUMENT_SLOTS.some((slot) => !data.files?.[slot])) throw new KycRefused("documents");
      const parsed = documentNumbersSchema.safeParse(input.data);
      if (!parsed.success) throw new KycRefused("documents", parsed.error.issues[0]?.message);
      data.documents = {
        panNumber: parsed.data.panNumber,
        aadhaarMasked: parsed.data.aadhaarNumber ? maskToLast4(parsed.data.aadhaarNumber) : undefined,
        aadhaarConsentAt: clock.now().toISOString(),
      };
      break;
    }
    case "bank": {
      const parsed = bankStepSchema.safeParse(input.data);
      if (!parsed.success) {
        const mismatch = parsed.error.issues.some((issue) => issue.path[0] === "confirmAccountNumber" && issue.code === "custom");
        throw mismatch ? new KycRefused("accountMismatch") : new KycRefused("bank", parsed.error.issues[0]?.message);
      }
      const { accountNumber, ifscCode, bankName, accountType } = parsed.data;
      // Masked before it is written: the full number is never stored, not even in a draft.
      data.bank = { accountNumber: maskToLast4(accountNumber), ifscCode, bankName, accountType };
      break;
    }
    case "photo": {
      if (!data.files?.selfie) throw new KycRefused("selfie");
      break;
    }
  }
  const currentStep = Math.min(KYC_STEP_COUNT, Math.max(draft.currentStep, STEP_NUMBER[input.step] + 1));
  await writeDraft(db, input.userId, data, currentStep, clock);
  return { currentStep, data };
}

/** Goes back (Previous) without changing any answer; never beyond step 1. */
export async function moveKycDraftTo(db: Db, userId: string, step: number, clock: Clock): Promise<void> {
  const draft = await getKycDraft(db, userId);
  const target = Math.max(1, Math.min(step, draft.currentStep));
  await writeDraft(db, userId, draft.data, target, clock);
}

/**
 * Records files uploaded for the draft (a new file for a slot replaces the old one).
 * Returns the storage keys no longer referenced, for the caller to delete.
 */
export async function attachDraftFiles(
  db: Db,
  userId: string,
  files: Partial<Record<DraftFileSlot, DraftFile>>,
  clock: Clock,
): Promise<{ replacedKeys: string[] }> {
  const draft = await getKycDraft(db, userId);
  const current = draft.data.files ?? {};
  const replacedKeys = Object.entries(files).flatMap(([slot, file]) => {
    const old = current[slot as DraftFileSlot];
    return old && file && old.key !== file.key ? [old.key] : [];
  });
  await writeDraft(db, userId, { ...draft.data, files: { ...current, ...files } }, draft.currentStep, clock);
  return { replacedKeys };
}

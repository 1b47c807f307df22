import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { attachDraftFiles, moveKycDraftTo, saveKycStep } from "~/domain/kyc/kyc-draft.server";
import { isKycRefused, systemClock } from "~/domain/kyc/kyc-errors.server";
import { submitKyc } from "~/domain/kyc/submit-kyc.server";
import {
  bankStepSchema,
  describeInvalidFields,
  documentNumbersSchema,
  KYC_STEPS,
  KYC_TOASTS,
  personalStepSchema,
  type KycStepKey,
} from "~/lib/kyc/kyc-steps";
import { paths } from "~/lib/paths";
import { isDatabaseUnreachable } from "~/services/database-outage.server";
import { getPrisma, isRetryableFailure } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";
import { checkBankDetails } from "~/web/payouts.server";
import type { KycForm } from "./kyc-upload.server";
import { clearDraft, requireRecentSignIn } from "~/web/reauth.server";

/** A step's number in the wizard (1-based), as the draft keeps it. */
export const kycStepNumber = (step: KycStepKey) => KYC_STEPS.findIndex((candidate) => candidate.key === step) + 1;

/** Where a verified investor goes instead of the wizard. */
export function kycDonePath(user: SessionUser): string {
  return user.tier === "waitlist_player" ? paths.waitlistDashboard.overview() : paths.dashboard.overview();
}

/** What a refused step answers: which step, the alert's title, and conform's reply (its form error is the alert's text). */
export type KycStepReply = { step: KycStepKey; title: string; result: SubmissionResult<string[]> };

type Toast = { title: string; description: string };
type FieldErrors = Record<string, string[]>;
type StepCall = { request: Request; user: SessionUser; fields: Record<string, string> };

type KycStep = {
  /** The step's typed fields; null when it has none (files only, or the final submit). */
  schema: ((now: Date) => z.ZodType) | null;
  /** The alert for the fields the schema refused. */
  toast: (errors: FieldErrors) => Toast;
  /** Records the step; a Response when it answers itself (the final submit's redirect). */
  save: (call: StepCall) => Promise<Response | null>;
};

// Account numbers are never kept in a draft nor sent back to the page (the form asks for them again).
const SECRET_FIELDS = ["accountNumber", "confirmAccountNumber", "aadhaarNumber"];
const BANK_DRAFT_FIELDS = ["ifscCode", "bankName", "accountType"];
const pick = (fields: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => typeof fields[name] === "string").map((name) => [name, fields[name]!]));
const withoutSecrets = (fields: Record<string, string>) =>
  pick(
    fields,
    Object.keys(fields).filter((name) => !SECRET_FIELDS.includes(name)),
  );

const onlyField = (errors: FieldErrors, name: string) => Object.keys(errors).length === 1 && Boolean(errors[name]);
const firstMessage = (errors: FieldErrors) => Object.values(errors).flat()[0] ?? "";
const incomplete = (errors: FieldErrors): Toast => ({
  title: KYC_TOASTS.incomplete.title,
  description: describeInvalidFields(Object.keys(errors)),
});

/** The wizard's steps: what each reads, what it says when refused, and what it records. */
export const KYC_STEP_TABLE: Record<KycStepKey, KycStep> = {
  personal: {
    schema: personalStepSchema,
    toast: incomplete,
    save: async ({ user, fields }) => {
      await saveKycStep(getPrisma(), { userId: user.id, step: "personal", data: fields }, systemClock);
      return null;
    },
  },
  documents: {
    schema: () => documentNumbersSchema,
    toast: (errors) =>
      onlyField(errors, "aadhaarConsent")
        ? KYC_TOASTS.aadhaarConsent
        : { title: KYC_TOASTS.documents.title, description: firstMessage(errors) },
    save: async ({ user, fields }) => {
      await saveKycStep(getPrisma(), { userId: user.id, step: "documents", data: fields }, systemClock);
      return null;
    },
  },
  bank: {
    schema: () => bankStepSchema,
    toast: (errors) =>
      onlyField(errors, "confirmAccountNumber") && errors.confirmAccountNumber?.[0] === KYC_TOASTS.accountMismatch.title
        ? KYC_TOASTS.accountMismatch
        : { title: KYC_TOASTS.bank.title, description: describeInvalidFields(Object.keys(errors)) },
    save: async ({ request, user, fields }) => {
      // New bank details (where withdrawals go) need a recent sign-in; else Google again, and back here filled in.
      await requireRecentSignIn(request, user, { purpose: "bank", returnTo: paths.kyc(), draft: pick(fields, BANK_DRAFT_FIELDS) });
      await saveKycStep(getPrisma(), { userId: user.id, step: "bank", data: fields }, systemClock);
      await checkBankDetails(user.id, fields);
      await clearDraft(user, "bank");
      return null;
    },
  },
  photo: {
    schema: null,
    toast: incomplete,
    save: async ({ user }) => {
      await saveKycStep(getPrisma(), { userId: user.id, step: "photo" }, systemClock);
      return null;
    },
  },
  review: {
    schema: null,
    toast: incomplete,
    save: async ({ user }) => {
      await submitKyc(getPrisma(), { userId: user.id }, systemClock);
      return redirectWithToast(paths.kyc(), { kind: "success", ...KYC_TOASTS.submitted });
    },
  },
};

const STEP_KEYS = KYC_STEPS.map((step) => step.key) as [KycStepKey, ...KycStepKey[]];

/** Which step the form is and which button sent it; an unknown step is the first. */
const wizardPostSchema = z.object({
  step: z.enum(STEP_KEYS).catch("personal"),
  intent: z.string().optional(),
});

/**
 * One post of the wizard, its form already read (files stored): keep the accepted files,
 * go back a step, or check and record the step with its row of the table. A refusal is
 * answered on the step with conform's reply; account numbers never travel back.
 */
export async function handleKycStep(request: Request, user: SessionUser, form: KycForm): Promise<Response | ReturnType<typeof data>> {
  const db = getPrisma();
  const { fields, files, refusal, fileErrors } = form;
  // The reply's values come from here, so no account number is ever sent back to the page.
  const post = parseWithZod(new URLSearchParams(withoutSecrets(fields)), { schema: wizardPostSchema, disableAutoCoercion: true });
  const step = post.status === "success" ? post.value.step : "personal";
  const answer = (title: string, result: SubmissionResult<string[]>, status: number) =>
    data<KycStepReply>({ step, title, result }, { status });
  const refusedWith = (error: unknown) =>
    replyToDomainError(error, post, { extra: { step, title: isKycRefused(error) ? error.title : KYC_TOASTS.submissionFailed.title } });

  if (refusal && !fileErrors) return refusedWith(refusal);
  // Files that were accepted are kept even when another file of the form was refused.
  if (Object.keys(files).length > 0) {
    const { replacedKeys } = await attachDraftFiles(db, user.id, files, systemClock);
    await Promise.all(replacedKeys.map((key) => getPrivateStorage().delete(key)));
  }
  if (refusal && fileErrors)
    return answer(refusal.title, post.reply({ formErrors: [refusal.message], fieldErrors: fileErrors }), refusal.status);
  if (post.status === "success" && post.value.intent === "previous") {
    await moveKycDraftTo(db, user.id, kycStepNumber(step) - 1, systemClock);
    return redirect(paths.kyc());
  }

  const row = KYC_STEP_TABLE[step];
  if (row.schema) {
    const submission = parseWithZod(new URLSearchParams(fields), { schema: row.schema(systemClock.now()), disableAutoCoercion: true });
    if (submission.status !== "success") {
      const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]));
      const toast = row.toast(errors);
      return answer(toast.title, submission.reply({ formErrors: [toast.description], hideFields: SECRET_FIELDS }), 400);
    }
  }
  try {
    return (await row.save({ request, user, fields })) ?? redirect(paths.kyc());
  } catch (error) {
    // A refusal is shown on its step; anything else on the last step is logged and reported there.
    if (step !== "review" || isKycRefused(error)) return refusedWith(error);
    // A database going away (a failover) or a conflict that outlasted the retries: nothing was
    // submitted; entry.server answers 503 with Retry-After, not this page's 500.
    if (isDatabaseUnreachable(error) || isRetryableFailure(error)) throw error;
    logger.error({ err: error, userId: user.id }, "KYC submission failed");
    return answer(KYC_TOASTS.submissionFailed.title, post.reply({ formErrors: [KYC_TOASTS.submissionFailed.description] }), 500);
  }
}

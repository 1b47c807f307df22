import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { KycProgress } from "~/components/kyc/kyc-progress";
import {
  BankStepForm,
  DocumentsStepForm,
  PersonalStepForm,
  PhotoStepForm,
  ReviewStep,
  type StepErrors,
} from "~/components/kyc/kyc-step-forms";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { buttonClasses } from "~/components/ui/button-styles";
import { getKycWizard } from "~/domain/kyc/get-kyc-wizard.server";
import { attachDraftFiles, moveKycDraftTo, saveKycStep } from "~/domain/kyc/kyc-draft.server";
import { isKycRefused, systemClock } from "~/domain/kyc/kyc-errors.server";
import { submitKyc } from "~/domain/kyc/submit-kyc.server";
import { bankStepSchema, describeInvalidFields, documentNumbersSchema, KYC_TOASTS, personalStepSchema } from "~/lib/kyc/kyc-steps";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { requireUserWithinTrial, type SessionUser } from "~/web/guards.server";
import { readKycForm } from "./kyc-upload.server";
import { clearDraft, readDraft, requireRecentSignIn } from "~/web/reauth.server";
import { formatIndiaDate } from "~/lib/formats";

const STEP_NUMBERS = { personal: 1, documents: 2, bank: 3, photo: 4, review: 5 } as const;
type StepKey = keyof typeof STEP_NUMBERS;

function dashboardOf(user: SessionUser): string {
  return user.tier === "waitlist_player" ? paths.waitlistDashboard.overview() : paths.dashboard.overview();
}

// Account numbers are never kept in a draft nor sent back to the page (the form asks for them again).
const BANK_FIELDS = ["ifscCode", "bankName", "accountType"] as const;
const pick = (fields: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => typeof fields[name] === "string").map((name) => [name, fields[name]!]));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const wizard = await getKycWizard(getPrisma(), user.id);
  if (wizard.status === "approved") throw redirect(dashboardOf(user));
  // The bank details typed before Google was asked to confirm the investor (ADR 0030); only for
  // them, on a page nobody caches (no-store), right after they signed in again.
  const bankDraft = wizard.currentStep === STEP_NUMBERS.bank ? await readDraft(user, "bank") : null;
  return { wizard, bankDraft };
}

type ActionReply = { step: StepKey; errors: StepErrors; values: Record<string, string> };

function refusedReply(
  step: StepKey,
  error: { title: string; message: string },
  fields: Record<string, string[]>,
  values: Record<string, string>,
  status: number,
) {
  const reply: ActionReply = { step, errors: { title: error.title, description: error.message, fields }, values };
  return data(reply, { status });
}

/** A refusal of the wizard's domain (a KycRefused carries its toast's title) as the step's action data. */
function refusalReply(step: StepKey, error: unknown, values: Record<string, string>) {
  return replyToDomainError(error, null, {
    reply: (refusal): ActionReply => ({
      step,
      errors: {
        title: isKycRefused(refusal) ? refusal.title : KYC_TOASTS.submissionFailed.title,
        description: refusal.message,
        fields: {},
      },
      values,
    }),
  });
}

/** Field errors from a zod parse, keyed by field name. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "");
    (fields[name] ??= []).push(issue.message);
  }
  return fields;
}

// Account numbers never travel back to the page.
const withoutSecrets = ({ accountNumber: _a, confirmAccountNumber: _c, aadhaarNumber: _n, ...rest }: Record<string, string>) => rest;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  if (user.kycStatus === "approved") throw redirect(dashboardOf(user));
  if (user.kycStatus === "under_review") return redirect(paths.kyc());
  const db = getPrisma();
  const { fields, files, refusal, fileErrors } = await readKycForm(request, user.id);
  const step = (Object.keys(STEP_NUMBERS).includes(fields.step ?? "") ? fields.step : "personal") as StepKey;
  const values = withoutSecrets(fields);
  if (refusal && !fileErrors) return refusalReply(step, refusal, values);

  // Files that were accepted are kept even when another file of the form was refused.
  if (Object.keys(files).length > 0) {
    const { replacedKeys } = await attachDraftFiles(db, user.id, files, systemClock);
    await Promise.all(replacedKeys.map((key) => getPrivateStorage().delete(key)));
  }
  if (refusal && fileErrors) {
    return refusedReply(step, { title: refusal.title, message: refusal.message }, fileErrors, values, refusal.status);
  }

  if (fields.intent === "previous") {
    await moveKycDraftTo(db, user.id, STEP_NUMBERS[step] - 1, systemClock);
    return redirect(paths.kyc());
  }

  try {
    switch (step) {
      case "personal": {
        const parsed = personalStepSchema(systemClock.now()).safeParse(fields);
        if (!parsed.success)
          return refusedReply(
            step,
            { title: KYC_TOASTS.incomplete.title, message: describeInvalidFields(Object.keys(fieldErrors(parsed.error.issues))) },
            fieldErrors(parsed.error.issues),
            values,
            400,
          );
        await saveKycStep(db, { userId: user.id, step, data: fields }, systemClock);
        break;
      }
      case "documents": {
        const parsed = documentNumbersSchema.safeParse(fields);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues);
          const consentOnly = Object.keys(errors).length === 1 && errors.aadhaarConsent;
          const toast = consentOnly
            ? KYC_TOASTS.aadhaarConsent
            : { title: KYC_TOASTS.documents.title, description: parsed.error.issues[0]!.message };
          return refusedReply(step, { title: toast.title, message: toast.description }, errors, values, 400);
        }
        await saveKycStep(db, { userId: user.id, step, data: fields }, systemClock);
        break;
      }
      case "bank": {
        const parsed = bankStepSchema.safeParse(fields);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues);
          const mismatchOnly = Object.keys(errors).length === 1 && errors.confirmAccountNumber?.[0] === KYC_TOASTS.accountMismatch.title;
          const toast = mismatchOnly
            ? KYC_TOASTS.accountMismatch
            : { title: KYC_TOASTS.bank.title, description: describeInvalidFields(Object.keys(errors)) };
          return refusedReply(step, { title: toast.title, message: toast.description }, errors, values, 400);
        }
        // New bank details (where withdrawals go) need a recent sign-in; else Google again, and back here filled in.
        await requireRecentSignIn(request, user, { purpose: "bank", returnTo: paths.kyc(), draft: pick(fields, BANK_FIELDS) });
        await saveKycStep(db, { userId: user.id, step, data: fields }, systemClock);
        await clearDraft(user, "bank");
        break;
      }
      case "photo":
        await saveKycStep(db, { userId: user.id, step }, systemClock);
        break;
      case "review":
        await submitKyc(db, { userId: user.id }, systemClock);
        return redirectWithToast(paths.kyc(), {
          kind: "success",
          title: KYC_TOASTS.submitted.title,
          description: KYC_TOASTS.submitted.description,
        });
    }
  } catch (error) {
    // A refusal is shown on its step; anything else on the last step is logged and reported there.
    if (step !== "review" || isKycRefused(error)) return refusalReply(step, error, values);
    logger.error({ err: error, userId: user.id }, "KYC submission failed");
    return refusedReply(
      step,
      { title: KYC_TOASTS.submissionFailed.title, message: KYC_TOASTS.submissionFailed.description },
      {},
      values,
      500,
    );
  }
  return redirect(paths.kyc());
}

function UnderReview({ submittedAt }: { submittedAt: Date | string | null }) {
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-5" aria-labelledby="kyc-review-title">
      <h2 id="kyc-review-title" className="text-lg font-semibold text-amber-900">
        KYC Pending
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Your documents are under review
        {submittedAt ? ` since ${formatIndiaDate(submittedAt)}` : ""}. We will notify you once they are verified.
      </p>
    </section>
  );
}

export default function KycPage() {
  const { wizard, bankDraft } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useLiveRevalidation();
  const current = wizard.currentStep;
  const stepKey = (Object.keys(STEP_NUMBERS) as StepKey[])[current - 1]!;
  const errors = reply && reply.step === stepKey ? reply.errors : null;
  const values = {
    ...wizard.personal,
    ...(wizard.bank ?? {}),
    ...(wizard.documents ?? {}),
    ...(bankDraft ?? {}),
    ...(reply?.step === stepKey ? reply.values : {}),
  } as Record<string, string>;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">KYC Verification</h1>
      <p className="mt-1 text-sm text-slate-600">Verify your identity to start investing. Your documents are stored privately.</p>
      {wizard.status === "rejected" ? (
        <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{`${KYC_TOASTS.rejected.title} - ${KYC_TOASTS.rejected.description}`}</p>
          {wizard.rejectionReason ? <p className="mt-1">Reason: {wizard.rejectionReason}</p> : null}
        </div>
      ) : null}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {wizard.status === "under_review" ? (
          <UnderReview submittedAt={wizard.submittedAt} />
        ) : (
          <>
            <KycProgress current={current} />
            <h2 className="mb-4 text-lg font-semibold">
              {["Personal Information", "Document Upload", "Bank Details", "Photo Verification", "Review & Submit"][current - 1]}
            </h2>
            {current === 1 ? <PersonalStepForm key="personal" values={values} errors={errors} /> : null}
            {current === 2 ? <DocumentsStepForm key="documents" values={values} files={wizard.files} errors={errors} /> : null}
            {current === 3 ? (
              <BankStepForm key="bank" values={values} savedAccount={wizard.bank?.accountNumberMasked ?? null} errors={errors} />
            ) : null}
            {current === 4 ? <PhotoStepForm key="photo" files={wizard.files} errors={errors} /> : null}
            {current === 5 ? (
              <ReviewStep personal={wizard.personal} documents={wizard.documents} bank={wizard.bank} files={wizard.files} errors={errors} />
            ) : null}
          </>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link className={buttonClasses("ghost", "sm")} to={paths.welcome()}>
          Back
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Something went wrong. Please refresh the page.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">KYC Verification</h1>
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {message}
      </p>
      <Link className={buttonClasses("secondary", "sm", "mt-4")} to={paths.kyc()}>
        Try again
      </Link>
    </div>
  );
}

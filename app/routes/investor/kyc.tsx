import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
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
import { formatIndiaDate } from "~/lib/formats";
import { KYC_STEPS, KYC_TOASTS } from "~/lib/kyc/kyc-steps";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { requireUserWithinTrial } from "~/web/guards.server";
import { readKycForm } from "./kyc-upload.server";
import { handleKycStep, kycDonePath, kycStepNumber, type KycStepReply } from "./kyc-wizard.server";
import { readDraft } from "~/web/reauth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  const wizard = await getKycWizard(getPrisma(), user.id);
  if (wizard.status === "approved") throw redirect(kycDonePath(user));
  // The bank details typed before Google was asked to confirm the investor (ADR 0030); only for
  // them, on a page nobody caches (no-store), right after they signed in again.
  const bankDraft = wizard.currentStep === kycStepNumber("bank") ? await readDraft(user, "bank") : null;
  return { wizard, bankDraft };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithinTrial(request);
  if (user.kycStatus === "approved") throw redirect(kycDonePath(user));
  if (user.kycStatus === "under_review") return redirect(paths.kyc());
  return handleKycStep(request, user, await readKycForm(request, user.id));
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
  const reply = useActionData<KycStepReply>();
  useLiveRevalidation();
  const current = wizard.currentStep;
  const step = KYC_STEPS[current - 1]!;
  const refused = reply?.step === step.key ? reply : null;
  const errors: StepErrors = refused ? { title: refused.title, fields: refused.result.error ?? {} } : null;
  const values = {
    ...wizard.personal,
    ...(wizard.bank ?? {}),
    ...(wizard.documents ?? {}),
    ...(bankDraft ?? {}),
    ...(refused?.result.initialValue ?? {}),
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
            <h2 className="mb-4 text-lg font-semibold">{step.title}</h2>
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

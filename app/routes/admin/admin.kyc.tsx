import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { KycQueueList } from "~/components/admin/kyc/kyc-queue-table";
import { KycReviewDialog } from "~/components/admin/kyc/kyc-review-dialog";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses } from "~/components/ui/field-styles";
import { systemClock } from "~/domain/kyc/kyc-errors.server";
import { getKycReview, listKycQueue } from "~/domain/kyc/kyc-queue.server";
import { reviewKyc } from "~/domain/kyc/review-kyc.server";
import { paths } from "~/lib/paths";
import { formErrorsOf, errorsOf, submittedValue } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { isUuid } from "~/lib/uuid";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";
import { z } from "zod";

const UNREADABLE = "This form could not be processed. Please reload the page and try again.";

// The reason's own rule (required to reject) is the domain's: it answers on the reason field.
const reviewSchema = z.object({
  intent: z.enum(["approve", "reject"], { error: UNREADABLE }),
  userId: z.string({ error: UNREADABLE }).refine(isUuid, { error: UNREADABLE }),
  notes: z.string().default(""),
  reason: z.string().default(""),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const reviewId = url.searchParams.get("review") ?? "";
  const db = getPrisma();
  const [queue, review] = await Promise.all([listKycQueue(db, { search }), isUuid(reviewId) ? getKycReview(db, reviewId) : null]);
  return { queue, review, search };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const submission = parseWithZod(await readFormData(request), { schema: reviewSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const { intent, userId, notes, reason } = submission.value;
  const search = new URL(request.url).searchParams.get("q") ?? "";
  try {
    const outcome = await reviewKyc(getPrisma(), { adminId: admin.id, userId, decision: intent, reason, notes }, systemClock);
    return redirectWithToast(paths.admin.kyc({ q: search }), {
      kind: "success",
      title: "KYC Status Updated",
      description: `KYC has been ${outcome.status} successfully`,
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

export default function AdminKycPage() {
  const { queue, review, search } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useLiveRevalidation({ admin: true });
  return (
    <div className="px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">KYC Management</h1>
      <p className="mt-1 text-sm text-slate-600">Submissions pending or under review, newest first.</p>
      <Form method="get" role="search" className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="kyc-search" className="sr-only">
          Search by name or e-mail
        </label>
        <input
          id="kyc-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Search by name or e-mail"
          className={`${controlClasses} mt-0 sm:max-w-sm`}
        />
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Search
        </button>
      </Form>
      <div className="mt-6">
        <KycQueueList rows={queue} search={search} />
      </div>
      {review ? (
        <KycReviewDialog
          user={review.user}
          documents={review.documents}
          bankAccount={review.bankAccount}
          closeTo={paths.admin.kyc({ q: search })}
          errors={{ form: formErrorsOf(reply?.result, "intent", "userId"), reason: errorsOf(reply?.result, "reason") }}
          values={{ notes: submittedValue(reply?.result, "notes"), reason: submittedValue(reply?.result, "reason") }}
        />
      ) : null}
    </div>
  );
}

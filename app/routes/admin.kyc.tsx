import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
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
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { mailKycDecision } from "~/web/kyc-mail.server";
import { isUuid } from "~/lib/uuid";

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
  const form = await readFormData(request);
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const intent = text("intent");
  const userId = text("userId");
  const values = { notes: text("notes"), reason: text("reason") };
  const search = new URL(request.url).searchParams.get("q") ?? "";
  if ((intent !== "approve" && intent !== "reject") || !isUuid(userId)) {
    return data({ errors: { form: ["This form could not be processed. Please reload the page and try again."] }, values }, { status: 400 });
  }
  try {
    const outcome = await reviewKyc(
      getPrisma(),
      { adminId: admin.id, userId, decision: intent, reason: values.reason, notes: values.notes },
      systemClock,
    );
    await mailKycDecision(outcome.mail, userId);
    return redirectWithToast(paths.admin.kyc({ q: search }), {
      kind: "success",
      title: "KYC Status Updated",
      description: `KYC has been ${outcome.status} successfully`,
    });
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal) => ({ errors: refusal.field === "reason" ? { reason: [refusal.message] } : { form: [refusal.message] }, values }),
    });
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
          closeTo={paths.admin.kyc({ q: search })}
          errors={reply?.errors ?? null}
          values={reply?.values ?? {}}
        />
      ) : null}
    </div>
  );
}

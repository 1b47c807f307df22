import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { StatCard } from "~/components/admin/pager";
import { PropertyCard } from "~/components/admin/properties/property-card";
import { buttonClasses } from "~/components/ui/button-styles";
import { FormErrors } from "~/components/ui/error-list";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { listAdminProperties } from "~/domain/admin/properties/list-admin-properties.server";
import { deleteProperty } from "~/domain/admin/properties/manage-property.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { formErrorsOf } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { adminHolderWarnings } from "~/web/holder-warnings.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const deleting = new URL(request.url).searchParams.get("delete");
  const [listing, warnings] = await Promise.all([listAdminProperties(getPrisma()), adminHolderWarnings(getPrisma())]);
  return { ...listing, warnings, deleting: listing.properties.find((p) => p.id === deleting) ?? null };
}

const UNREADABLE = "This form could not be processed. Please reload the page.";
// A wrong confirmation is the domain's to answer ("Deletion Cancelled"), so it may be empty here.
const deleteSchema = z.object({
  intent: z.literal("delete", { error: UNREADABLE }),
  propertyId: z.string({ error: UNREADABLE }),
  confirmation: z.string().default(""),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const submission = parseWithZod(await readFormData(request), { schema: deleteSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const { propertyId, confirmation } = submission.value;
  try {
    const { title, storageWarning } = await deleteProperty(getPrisma(), getPrivateStorage(), {
      adminId: admin.id,
      propertyId,
      confirmation,
    });
    return redirectWithToast(
      paths.admin.properties(),
      storageWarning
        ? { kind: "warning", title: "Permanently Deleted", description: "Warning: File may not have been deleted from storage" }
        : { kind: "success", title: "Permanently Deleted", description: `${title} was deleted.` },
    );
  } catch (error) {
    return replyToDomainError(error, submission, {
      redirects: {
        deletion_cancelled: { to: paths.admin.properties(), toast: { kind: "info", title: "Deletion Cancelled" }, withMessage: false },
      },
    });
  }
}

export default function AdminPropertiesPage() {
  const { summary, properties, deleting, warnings } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const deletingNow = useIsPending({ intent: "delete" });
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">Property Management</h1>
        <Link to={paths.admin.newProperty()} className={buttonClasses("primary", "md")}>
          Add New Property
        </Link>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total properties" value={String(summary.total)} />
        <StatCard label="Open for investment" value={String(summary.open)} />
        <StatCard label="Closed or funded" value={String(summary.closedOrFunded)} />
        <StatCard label="Total value" value={formatINR(summary.totalValue)} />
      </div>
      <FormErrors errors={formErrorsOf(reply?.result, "intent", "propertyId", "confirmation")} />
      {deleting ? (
        <section role="dialog" aria-labelledby="delete-heading" className="rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
            Permanently delete {deleting.title}?
          </h2>
          <p className="mt-1 text-sm text-red-900">
            This removes the property, its images and documents. It cannot be undone. A property with investors or money history cannot be
            deleted.
          </p>
          <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="propertyId" value={deleting.id} />
            <div>
              <label htmlFor="delete-confirmation" className={labelClasses}>
                Type DELETE to confirm
              </label>
              <input id="delete-confirmation" name="confirmation" autoComplete="off" className={controlClasses} />
            </div>
            <StatusButton type="submit" pending={deletingNow} className="bg-red-700 hover:bg-red-800">
              Delete permanently
            </StatusButton>
            <Link to={paths.admin.properties()} className={buttonClasses("secondary", "md")}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      {properties.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No properties yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Properties">
          {properties.map((property) => (
            <PropertyCard
              key={property.id}
              property={property}
              deleteHref={paths.admin.properties({ delete: property.id })}
              warnings={warnings[property.id]?.warnings}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

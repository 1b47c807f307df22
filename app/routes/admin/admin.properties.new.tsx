import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { ImagePicker, PropertyFormFields } from "~/components/admin/properties/property-form-fields";
import { FormErrors } from "~/components/ui/error-list";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { PROPERTY_CREATED, createProperty } from "~/domain/admin/properties/manage-property.server";
import { paths } from "~/lib/paths";
import { errorsOf, summaryOf } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { asFormPayload, checkPropertyDetails, readPropertyForm } from "~/web/admin-property-form.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const createSchema = z.looseObject({}).transform(checkPropertyDetails("create"));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { fields, images } = await readPropertyForm(request);
  const submission = parseWithZod(asFormPayload(fields), { schema: createSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  try {
    const { id } = await createProperty(getPrisma(), getPrivateStorage(), { adminId: admin.id, data: submission.value, images });
    return redirectWithToast(paths.admin.editProperty(id), { kind: "success", title: PROPERTY_CREATED });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}

const DEFAULTS = { country: "India", propertyType: "residential", propertyStatus: "draft" };

export default function NewPropertyPage() {
  const result = useActionData<typeof action>()?.result;
  const creating = useIsPending();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Add New Property</h1>
      <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate>
        <FormErrors errors={summaryOf(result)} />
        <PropertyFormFields result={result} defaults={DEFAULTS} mode="create">
          <ImagePicker errors={errorsOf(result, "images")} />
        </PropertyFormFields>
        <StatusButton type="submit" size="lg" pending={creating} pendingText="Creating…">
          Create Property
        </StatusButton>
      </Form>
    </div>
  );
}

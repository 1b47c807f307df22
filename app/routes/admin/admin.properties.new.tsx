import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ImagePicker, PropertyFormFields } from "~/components/admin/properties/property-form-fields";
import { buttonClasses } from "~/components/ui/button-styles";
import { formErrorClasses } from "~/components/ui/field-styles";
import { PROPERTY_CREATED, createProperty } from "~/domain/admin/properties/manage-property.server";
import { parsePropertyForm } from "~/domain/admin/properties/property-form";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { readPropertyForm } from "~/web/admin-property-form.server";
import { fieldErrorOf, replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { fields, images } = await readPropertyForm(request);
  const parsed = parsePropertyForm(fields, "create");
  if (!parsed.ok) return data({ formError: `${parsed.title} - ${parsed.message}`, fieldErrors: parsed.fieldErrors, values: fields }, 400);
  try {
    const { id } = await createProperty(getPrisma(), getPrivateStorage(), { adminId: admin.id, data: parsed.data, images });
    return redirectWithToast(paths.admin.editProperty(id), { kind: "success", title: PROPERTY_CREATED });
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal) => ({ formError: refusal.message, fieldErrors: fieldErrorOf(refusal), values: fields }),
    });
  }
}

const DEFAULTS = { country: "India", propertyType: "residential", propertyStatus: "draft" };

export default function NewPropertyPage() {
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Add New Property</h1>
      <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate>
        {reply?.formError ? (
          <p role="alert" className={formErrorClasses}>
            {reply.formError}
          </p>
        ) : null}
        <PropertyFormFields values={reply?.values ?? DEFAULTS} errors={reply?.fieldErrors ?? {}} mode="create">
          <ImagePicker error={reply?.fieldErrors?.images} />
        </PropertyFormFields>
        <button type="submit" className={buttonClasses("primary", "lg")} disabled={busy}>
          {busy ? "Creating…" : "Create Property"}
        </button>
      </Form>
    </div>
  );
}

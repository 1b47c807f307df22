import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DocumentManager } from "~/components/admin/properties/document-manager";
import { ImageManager } from "~/components/admin/properties/image-manager";
import { PropertyFormFields } from "~/components/admin/properties/property-form-fields";
import { buttonClasses } from "~/components/ui/button-styles";
import { formErrorClasses } from "~/components/ui/field-styles";
import { getPropertyForEdit } from "~/domain/admin/properties/list-admin-properties.server";
import { listPropertyDocuments } from "~/domain/admin/properties/property-documents.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { submitPropertyEdit } from "./admin-property-edit.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { adminHolderWarnings } from "~/web/holder-warnings.server";
import { HolderWarningList } from "~/components/admin/properties/holder-warning-list";

const propertyNotFound = () => data("Property not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getPrisma();
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const property = await getPropertyForEdit(db, propertyId);
  if (!property) throw propertyNotFound();
  const documents = await listPropertyDocuments(db, property.id, admin);
  const warnings = (await adminHolderWarnings(db, [property.id]))[property.id]?.warnings ?? [];
  return { property, documents, warnings, confirmDelete: new URL(request.url).searchParams.get("deleteDocument") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  return submitPropertyEdit(request, admin, propertyId);
}

export default function EditPropertyPage() {
  const { property, documents, confirmDelete, warnings } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = (section: string) => (reply?.section === section ? reply : null);
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <Link to={paths.admin.properties()} className="text-sm text-brand-700 underline">
        ← Back to properties
      </Link>
      <h1 className="text-2xl font-bold text-ink">Edit {property.title}</h1>
      <p className="text-sm text-slate-600">
        {property.availableShares} of {property.totalShares} shares available.{" "}
        <Link to={paths.admin.propertyDistributions(property.id)} className="text-brand-700 underline">
          Distributions
        </Link>
      </p>
      <HolderWarningList warnings={warnings} />
      {reply?.formError ? (
        <p role="alert" className={formErrorClasses}>
          {reply.formError}
        </p>
      ) : null}
      <ImageManager title={property.title} images={property.images} error={error("images")?.fieldErrors.images} />
      <DocumentManager
        propertyId={property.id}
        documents={documents}
        confirmDelete={confirmDelete}
        errors={error("documents")?.fieldErrors ?? {}}
        values={error("documents")?.values ?? {}}
      />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        <PropertyFormFields values={error("details")?.values ?? property.values} errors={error("details")?.fieldErrors ?? {}} mode="edit" />
        <button type="submit" className={buttonClasses("primary", "lg")} disabled={busy}>
          Save changes
        </button>
      </Form>
    </div>
  );
}

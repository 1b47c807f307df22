import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentManager } from "~/components/admin/properties/document-manager";
import { ImageManager } from "~/components/admin/properties/image-manager";
import { PropertyFormFields } from "~/components/admin/properties/property-form-fields";
import { FormErrors } from "~/components/ui/error-list";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getPropertyForEdit } from "~/domain/admin/properties/list-admin-properties.server";
import { listPropertyDocuments } from "~/domain/admin/properties/property-documents.server";
import { paths } from "~/lib/paths";
import { errorsOf, summaryOf } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { submitPropertyEdit, type EditSection } from "./admin-property-edit.server";
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
  const saving = useIsPending({ intent: "save" });
  // Each form gets back only its own refusal; the summary above them all is the page's one alert.
  const resultOf = (section: EditSection) => (reply?.section === section ? reply.result : undefined);
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
        </Link>{" "}
        ·{" "}
        <Link to={paths.admin.propertyUpdates(property.id)} className="text-brand-700 underline">
          Updates
        </Link>
        {" · "}
        <Link to={paths.admin.propertyValuations(property.id)} className="text-brand-700 underline">
          Valuations and NAV
        </Link>
      </p>
      <HolderWarningList warnings={warnings} />
      <FormErrors errors={summaryOf(reply?.result, "intent", "url", "change", "documentId")} />
      <ImageManager title={property.title} images={property.images} errors={errorsOf(resultOf("images"), "images")} />
      <DocumentManager propertyId={property.id} documents={documents} confirmDelete={confirmDelete} result={resultOf("documents")} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        <PropertyFormFields result={resultOf("details")} defaults={property.values} mode="edit" />
        <StatusButton type="submit" size="lg" pending={saving}>
          Save changes
        </StatusButton>
      </Form>
    </div>
  );
}

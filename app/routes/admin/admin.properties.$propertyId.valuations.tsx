import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/ui/error-list";
import { PropertyValueSection } from "~/components/valuations/property-value-section";
import { RecordValuationForm, PropertyBalanceForm } from "~/components/valuations/admin-valuation-forms";
import { ValuationTable } from "~/components/valuations/valuation-table";
import { listPropertyValuations } from "~/domain/valuations/property-valuations.server";
import { paths } from "~/lib/paths";
import { formErrorsOf } from "~/lib/submission-result";
import { getPrisma } from "~/services/db.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { submitValuationForm } from "~/web/valuation-forms.server";
import { loadPropertyValueView } from "~/web/valuations.server";

const propertyNotFound = () => data("Property not found.", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  const db = getPrisma();
  const property = await db.property.findUnique({
    where: { id: propertyId },
    select: { id: true, title: true, totalShares: true, debts: true, reserves: true },
  });
  if (!property) throw propertyNotFound();
  const [valuations, value] = await Promise.all([listPropertyValuations(db, property.id), loadPropertyValueView(db, property.id)]);
  return {
    property: { id: property.id, title: property.title, debts: property.debts.toFixed(2), reserves: property.reserves.toFixed(2) },
    valuations,
    value,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const { propertyId } = requireParams(params, { propertyId: "text" }, propertyNotFound);
  return submitValuationForm(request, admin, propertyId);
}

export default function PropertyValuationsPage() {
  const { property, valuations, value } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const resultOf = (form: "record" | "balance") => (reply?.form === form ? reply.result : undefined);
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <Link to={paths.admin.properties()} className="text-sm text-brand-700 underline">
        ← Back to properties
      </Link>
      <h1 className="text-2xl font-bold text-ink">Valuations: {property.title}</h1>
      <p className="text-sm text-slate-600">
        <Link to={paths.admin.editProperty(property.id)} className="text-brand-700 underline">
          Edit property
        </Link>{" "}
        ·{" "}
        <Link to={paths.admin.propertyDistributions(property.id)} className="text-brand-700 underline">
          Distributions
        </Link>
      </p>
      <FormErrors errors={formErrorsOf(reply?.result, "intent")} />
      {value ? <PropertyValueSection view={value} /> : null}
      <ValuationTable propertyId={property.id} valuations={valuations} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecordValuationForm result={resultOf("record")} />
        <PropertyBalanceForm result={resultOf("balance")} debts={property.debts} reserves={property.reserves} />
      </div>
    </div>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { PositionView } from "~/components/dashboard/position-view";
import { AvailableShares } from "~/components/market/available-shares";
import { SellSharesDialog } from "~/components/market/sell-shares-dialog";
import { requireDashboardUser, requireRecordsReader } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { handleMarketAction } from "~/web/market.server";
import { handleResaleRequest, isResaleRequest } from "./resale-request.server";
import { loadPositionPage } from "./position-page.server";
import { readFormData } from "~/web/form-data.server";
import { ResaleRequestForm } from "~/components/market/resale-request-form";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";
import { DistributionList } from "~/components/investing/distribution-list";
import { PropertyUpdatesSection } from "~/components/property-updates/property-updates-section";
import { DocumentVault } from "~/components/vault/document-vault";
import { PropertyValueSection } from "~/components/valuations/property-value-section";
import { HolderExitNotice } from "~/components/exits/holder-exit-notice";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A closed position stays readable after the holder's last shares went (ADR 0075).
  const user = await requireRecordsReader(request);
  // An unknown property and one the investor never held read the same.
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const page = await loadPositionPage(getPrisma(), user, propertyId);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  const { propertyId } = requireParams(params, { propertyId: "text" });
  const back = paths.dashboard.property(propertyId);
  const form = await readFormData(request);
  if (isResaleRequest(form)) return handleResaleRequest(user, propertyId, back);
  return handleMarketAction(request, user, back, form);
}

export default function PositionPage() {
  const { position, market, sell, distributions, received, updates, vault, value, exit } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold break-words text-ink">{position.title}</h1>
      {exit ? <HolderExitNotice exit={exit} /> : null}
      <PositionView position={position} sellDialog={(blocked) => <SellSharesDialog sell={sell} blocked={blocked} />} />
      {!position.sharesSellable && position.sharesOwned > 0 && !exit ? <ResaleRequestForm /> : null}
      {value ? <PropertyValueSection view={value} /> : null}
      <PropertyUpdatesSection data={updates} />
      <DistributionList distributions={distributions} received={received} />
      <DocumentVault items={vault} />
      <AvailableShares market={market} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">{missing ? "Property not found" : "This position could not be loaded"}</h1>
      <Link to={paths.dashboard.overview()} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to overview
      </Link>
    </div>
  );
}

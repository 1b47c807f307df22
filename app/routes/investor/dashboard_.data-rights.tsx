import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { RouteError } from "~/components/error-pages/route-error";
import { DataRightsPage } from "~/components/grievances/data-rights-page";
import { requireDataRightsUser } from "~/web/guards.server";
import { loadDataRights, submitDataRights } from "~/web/grievances.server";

// Every signed-in user's DPDP rights (ADR 0082): outside the dashboard's layout, whose guard
// admits investors only; the page draws the frame that fits the user.
export async function loader({ request }: LoaderFunctionArgs) {
  return loadDataRights(await requireDataRightsUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitDataRights(request, await requireDataRightsUser(request));
}

export default DataRightsPage;

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-7xl">
      <RouteError error={useRouteError()} />
    </div>
  );
}

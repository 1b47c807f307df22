import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DataRightsPage } from "~/components/grievances/data-rights-page";
import { requireDashboardUser } from "~/web/guards.server";
import { loadDataRights, submitDataRights } from "~/web/grievances.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDataRights(await requireDashboardUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitDataRights(request, await requireDashboardUser(request));
}

export default DataRightsPage;

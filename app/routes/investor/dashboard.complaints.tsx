import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ComplaintsPage } from "~/components/grievances/complaints-page";
import { requireDashboardUser } from "~/web/guards.server";
import { loadComplaints, submitComplaint } from "~/web/grievances.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadComplaints(await requireDashboardUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitComplaint(request, await requireDashboardUser(request));
}

export default ComplaintsPage;

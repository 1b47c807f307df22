import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ComplaintPage } from "~/components/grievances/complaint-page";
import { paths } from "~/lib/paths";
import { requireDashboardUser } from "~/web/guards.server";
import { loadComplaint, submitEscalation } from "~/web/grievances.server";
import { requireParams } from "~/web/params.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  // Someone else's complaint reads as missing.
  const { ticketId } = requireParams(params, { ticketId: "uuid" });
  return loadComplaint(user, ticketId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return submitEscalation(request, user, params.ticketId ?? "");
}

export default ComplaintPage;

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="m-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {missing ? "Complaint not found." : "This complaint could not be loaded. Please try again."}{" "}
      <Link to={paths.dashboard.complaints()} className="font-semibold underline">
        Back to your complaints
      </Link>
    </div>
  );
}

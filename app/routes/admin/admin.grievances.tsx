import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminGrievancesPage } from "~/components/grievances/admin-grievances-page";
import { requireAdmin } from "~/web/guards.server";
import { loadAdminGrievances } from "~/web/grievances.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadAdminGrievances();
}

export default AdminGrievancesPage;

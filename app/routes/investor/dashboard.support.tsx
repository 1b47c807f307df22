import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SupportPage } from "~/components/support/support-page";
import { paths } from "~/lib/paths";
import { requireDashboardUser } from "~/web/guards.server";
import { loadSupportPage, submitSupportTicket } from "~/web/support-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSupportPage(await requireDashboardUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return submitSupportTicket(request, user, paths.dashboard.support());
}

export default SupportPage;

import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SupportPage } from "~/components/support/support-page";
import { paths } from "~/lib/paths";
import { requireWaitlistUser } from "~/web/guards.server";
import { loadSupportPage, submitSupportTicket } from "~/web/support-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSupportPage(await requireWaitlistUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireWaitlistUser(request);
  return submitSupportTicket(request, user, paths.waitlistDashboard.support());
}

export default SupportPage;

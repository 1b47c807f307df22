import type { LoaderFunctionArgs } from "@remix-run/node";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { premiumReceiptPdf } from "~/web/premium.server";

// A resource route: the PDF receipt of one of the user's own paid Premium periods.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = (await enforceRouteTableGuard(request, paths.premium.receiptPdf.pattern))!;
  return premiumReceiptPdf(user, params.subscriptionId ?? "");
}

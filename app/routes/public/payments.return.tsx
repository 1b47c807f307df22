import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { paths } from "~/lib/paths";
import { handleCheckoutReturn } from "~/web/payments.server";

// Nothing to show here: a visit without the checkout's post goes to the wallet.
export async function loader() {
  return redirect(paths.dashboard.wallet());
}

/** The payer's return from the gateway's checkout, signed by the gateway (ADR 0061). */
export async function action({ request }: ActionFunctionArgs) {
  return handleCheckoutReturn(request);
}

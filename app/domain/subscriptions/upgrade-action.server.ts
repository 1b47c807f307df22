import { data } from "@remix-run/node";
import { getPrisma } from "~/services/db.server";
import { redirectWithToast } from "~/services/flash.server";
import { requestSubscription } from "./request-subscription.server";
import { subscriptionRequestToast } from "./subscription-notices";
import { upgradeFormSchema } from "./upgrade-form";

/** Shared by /welcome and /trial-expired: parse the form, record the request, confirm it. */
export async function submitUpgradeRequest(request: Request, userId: string, returnTo: string): Promise<Response> {
  const parsed = upgradeFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data({ error: "Unknown request" }, { status: 400 });
  const outcome = await requestSubscription(getPrisma(), userId);
  return redirectWithToast(returnTo, subscriptionRequestToast(outcome));
}

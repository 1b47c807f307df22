import { data } from "@remix-run/node";
import { getPrisma } from "~/services/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { requestSubscription } from "~/domain/subscriptions/request-subscription.server";
import { subscriptionRequestToast } from "~/domain/subscriptions/subscription-notices";
import { upgradeFormSchema } from "~/domain/subscriptions/upgrade-form";
import { readFormData } from "~/web/form-data.server";
import { mailOpsAboutSubscriptionRequest } from "~/web/ops-mail.server";

/** Shared by /welcome and /trial-expired: parse the form, record the request, confirm it. */
export async function submitUpgradeRequest(request: Request, userId: string, returnTo: string): Promise<Response> {
  const parsed = upgradeFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw data({ error: "Unknown request" }, { status: 400 });
  const outcome = await requestSubscription(getPrisma(), userId);
  if (outcome.status === "created") await mailOpsAboutSubscriptionRequest(request, outcome.ticketId);
  return redirectWithToast(returnTo, subscriptionRequestToast(outcome));
}

import { data } from "@remix-run/node";
import { getPrisma } from "~/services/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { requestSubscription } from "~/domain/subscriptions/request-subscription.server";
import { subscriptionRequestToast } from "~/domain/subscriptions/subscription-notices";
import { upgradeFormSchema } from "~/domain/subscriptions/upgrade-form";
import { readFormData } from "~/web/form-data.server";
import { getEnv } from "~/services/env.server";
import { opsRecipients } from "~/web/ops-mail.server";

/** Shared by /welcome and /trial-expired: parse the form, record the request, confirm it. */
export async function submitUpgradeRequest(request: Request, userId: string, returnTo: string): Promise<Response> {
  const parsed = upgradeFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw data({ error: "Unknown request" }, { status: 400 });
  const outcome = await requestSubscription(getPrisma(), userId, {
    opsRecipients: opsRecipients(),
    reviewUrl: `${getEnv().APP_ORIGIN}/admin/support`,
  });
  return redirectWithToast(returnTo, subscriptionRequestToast(outcome));
}

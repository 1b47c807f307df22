import type { ToastInput } from "~/lib/toast";
import type { SubscriptionRequestOutcome } from "./request-subscription.server";

/** What the user reads after pressing Upgrade Account or Upgrade to Premium. */
export function subscriptionRequestToast(outcome: SubscriptionRequestOutcome): ToastInput {
  switch (outcome.status) {
    case "created":
      return {
        kind: "success",
        title: "Request Submitted Successfully",
        description: "A customer support person will contact you soon",
      };
    case "already_open":
      return {
        kind: "info",
        title: "Upgrade Already Requested",
        description: "You already have an open upgrade request. A customer support person will contact you soon.",
      };
    case "already_subscribed":
      return { kind: "info", title: "Already Premium", description: "Your subscription is already active." };
  }
}

import { requestResale } from "~/domain/market/resale-requests.server";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";
import type { MarketActionData } from "~/web/market.server";

export const REQUEST_RESALE_INTENT = "request-resale";

/** The position page's "Ask to enable selling": a support ticket for the admins, then back with a toast. */
export async function handleResaleRequest(user: SessionUser, propertyId: string, back: string) {
  try {
    await requestResale(getPrisma(), { userId: user.id, propertyId });
    return redirectWithToast(back, {
      kind: "success",
      title: "Request Sent",
      description: "We asked an admin to enable share selling for this property. You will hear back on your support ticket.",
    });
  } catch (error) {
    return replyToDomainError(error, null, {
      reply: (refusal): MarketActionData => ({
        market: { intent: REQUEST_RESALE_INTENT, target: propertyId, message: refusal.message, values: {}, link: null },
      }),
    });
  }
}

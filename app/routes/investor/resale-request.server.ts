import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { requestResale } from "~/domain/market/resale-requests.server";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/guards.server";

export const REQUEST_RESALE_INTENT = "request-resale";

const resaleRequestSchema = z.object({ intent: z.literal(REQUEST_RESALE_INTENT) });

/** Whether a position page's form is the "Ask to enable selling" one (every other form is a market form). */
export function isResaleRequest(form: FormData): boolean {
  return parseWithZod(form, { schema: resaleRequestSchema }).status === "success";
}

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
      extra: { market: { intent: REQUEST_RESALE_INTENT, target: propertyId, title: null, link: null } },
    });
  }
}

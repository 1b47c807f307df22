import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { expireMarket } from "~/domain/market/expire-market.server";
import { AWAITING_APPROVAL, settleReservationFourEyes } from "~/domain/approvals/four-eyes.server";
import { cancelReservation, RELEASED_TEXT, SETTLED_TEXT } from "~/domain/market/settle-trades.server";
import { setPropertyRoi, setShareSelling } from "~/domain/market/share-trading-admin.server";
import { adminCancelBuyOrder } from "~/domain/market/buy-orders.server";
import { adminCancelSellOrder, haltTrading, resumeTrading } from "~/domain/market/market-halts.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { drainMailOutboxSoon } from "~/services/mail/mail-outbox.server";
import { logEventFor } from "~/web/analytics.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

// Ids, notes and the ROI are the domain's to check: it answers an unknown reservation or a
// wrong ROI in its own words, so empty fields reach it as "".
const text = z.string().trim().default("");
const reservationForm = { reservationId: text, notes: text };
const shareTradingSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("cleanup") }),
    z.object({ intent: z.literal("settle"), ...reservationForm }),
    z.object({ intent: z.literal("cancel-reservation"), ...reservationForm }),
    z.object({ intent: z.literal("toggle-selling"), propertyId: text, enabled: text }),
    z.object({ intent: z.literal("set-roi"), propertyId: text, roi: text }),
    z.object({ intent: z.literal("halt-trading"), propertyId: text, reason: text }),
    z.object({ intent: z.literal("resume-trading"), propertyId: text }),
    z.object({ intent: z.literal("cancel-buy-order"), orderId: text, reason: text }),
    z.object({ intent: z.literal("cancel-sell-order"), orderId: text, reason: text }),
  ],
  { error: "Unknown request" },
);

/** What failed, heading the domain's message on the page ("Settle Failed - …"). */
const FAILED: Partial<Record<string, string>> = {
  settle: "Settle Failed",
  "cancel-reservation": "Cancel Failed",
  "cancel-buy-order": "Cancel Failed",
  "cancel-sell-order": "Cancel Failed",
  "halt-trading": "Halt Failed",
  "resume-trading": "Resume Failed",
};

const back = () => paths.admin.shareTrading();

/** What the Set ROI dialog did, in words: a change, a cleared ROI, or nothing at all. */
export function roiToast(outcome: { roi: string | null; changed: boolean }) {
  if (!outcome.changed) {
    return {
      kind: "info" as const,
      title: "ROI Unchanged",
      description:
        outcome.roi === null ? "ROI was already hidden; nothing was stored." : `ROI was already ${outcome.roi}%; nothing was stored.`,
    };
  }
  if (outcome.roi === null)
    return { kind: "success" as const, title: "ROI Updated", description: "ROI cleared: it is now hidden from investors." };
  return { kind: "success" as const, title: "ROI Updated", description: `Actual ROI set to ${outcome.roi}%.` };
}

/** The admin's share-trading forms; every one is written to the audit log by its domain command. */
export async function handleShareTradingAction(request: Request, admin: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: shareTradingSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const form = submission.value;
  const prisma = getPrisma();
  try {
    switch (form.intent) {
      case "cleanup": {
        const counts = await expireMarket(prisma);
        await prisma.$transaction((tx) =>
          recordAdminAction(tx, {
            adminId: admin.id,
            action: "market.cleanup_expired",
            targetType: "market",
            targetId: "all",
            after: counts,
          }),
        );
        return redirectWithToast(back(), {
          kind: "success",
          title: "Cleanup Complete",
          description: `Expired ${counts.holds} holds, ${counts.reservations} reservations and ${counts.orders} sell requests.`,
        });
      }
      case "settle": {
        const outcome = await settleReservationFourEyes(
          prisma,
          { adminId: admin.id, reservationId: form.reservationId, notes: form.notes },
          getEnv().FOUR_EYES_THRESHOLD_INR,
        );
        if (outcome.state === "awaiting") {
          return redirectWithToast(paths.admin.approvals(), {
            kind: "success",
            title: AWAITING_APPROVAL,
            description: "Settlement recorded; another admin must approve it before the money moves.",
          });
        }
        const settled = outcome.result;
        await announceSettled(admin.id, settled);
        return redirectWithToast(back(), { kind: "success", ...SETTLED_TEXT });
      }
      case "cancel-reservation": {
        const released = await cancelReservation(prisma, { adminId: admin.id, reservationId: form.reservationId, notes: form.notes });
        await logEventFor(admin.id, {
          eventName: "trading_reservation_settled",
          props: { reservationId: released.reservationId, success: false },
        });
        return redirectWithToast(back(), { kind: "success", ...RELEASED_TEXT });
      }
      case "toggle-selling": {
        const enabled = form.enabled === "true";
        const { title } = await setShareSelling(prisma, { adminId: admin.id, propertyId: form.propertyId, enabled });
        return redirectWithToast(back(), {
          kind: "success",
          title: "Settings Updated",
          description: `Share selling ${enabled ? "enabled" : "disabled"} for ${title}`,
        });
      }
      case "halt-trading":
        await haltTrading(prisma, { adminId: admin.id, propertyId: form.propertyId, reason: form.reason });
        return redirectWithToast(back(), {
          kind: "success",
          title: "Trading Halted",
          description: "Orders are kept; nothing matches until you resume.",
        });
      case "resume-trading": {
        const { fills } = await resumeTrading(prisma, { adminId: admin.id, propertyId: form.propertyId });
        return redirectWithToast(back(), {
          kind: "success",
          title: "Trading Resumed",
          description: `The book was matched again: ${fills} fills.`,
        });
      }
      case "cancel-buy-order":
        await adminCancelBuyOrder(prisma, { adminId: admin.id, orderId: form.orderId, reason: form.reason });
        return redirectWithToast(back(), {
          kind: "success",
          title: "Order Cancelled",
          description: "The buy order was cancelled and its held funds released.",
        });
      case "cancel-sell-order":
        await adminCancelSellOrder(prisma, { adminId: admin.id, orderId: form.orderId, reason: form.reason });
        return redirectWithToast(back(), {
          kind: "success",
          title: "Order Cancelled",
          description: "The sell request was cancelled and its shares released.",
        });
      case "set-roi": {
        const outcome = await setPropertyRoi(prisma, { adminId: admin.id, propertyId: form.propertyId, roi: form.roi });
        return redirectWithToast(back(), roiToast(outcome));
      }
    }
  } catch (error) {
    return replyToDomainError(error, submission, { extra: { failed: FAILED[form.intent] } });
  }
}

/**
 * After a settlement (directly or on a second admin's approval): the analytics event, and
 * both sides' mails, which the settlement wrote to the outbox, moved to the mail queue now.
 */
export async function announceSettled(
  adminId: string,
  settled: { reservationId: string; buyerId: string; sellerId: string; shares: number; propertyTitle: string; amount: string },
) {
  await logEventFor(adminId, {
    eventName: "trading_reservation_settled",
    props: { reservationId: settled.reservationId, success: true },
  });
  await drainMailOutboxSoon(getPrisma());
}
